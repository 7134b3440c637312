"""A tiny MCP server for tact's tests: JSON-RPC 2.0 over stdio, one message per line.

Tools: `lookup` (a glossary, with an output schema) and `echo` (no output schema).
The first argument picks a behaviour, so a test can make the server misbehave on purpose:
  normal         answer every request
  crash          exit in the middle of a tools/call
  hang           never answer a tools/call
  garbage        answer a tools/call with a line that is not JSON-RPC
  crash_once     exit in the middle of the first tools/call of the workspace (a marker file
                 `.gloss-crashed` in the working directory), behave normally after
  wrong_output   answer `lookup` with structured content that breaks its output schema
  dead           exit before answering initialize
Each tools/call is appended to the file named by $GLOSS_CALLS, if set.
"""

import json
import os
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "normal"
GLOSSARY = {"tact": "the sense of what to do or say at the right moment"}

TOOLS = [
    {
        "name": "lookup",
        "description": "Look up the definition of a word in the glossary.",
        "inputSchema": {
            "type": "object",
            "properties": {"word": {"type": "string", "minLength": 1}},
            "required": ["word"],
            "additionalProperties": False,
        },
        "outputSchema": {
            "type": "object",
            "properties": {"word": {"type": "string"}, "definition": {"type": "string"}},
            "required": ["word", "definition"],
        },
    },
    {
        "name": "echo",
        "description": "Echo a message back unchanged.",
        "inputSchema": {
            "type": "object",
            "properties": {"message": {"type": "string"}},
            "required": ["message"],
        },
    },
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def result(request_id, value):
    send({"jsonrpc": "2.0", "id": request_id, "result": value})


def call_tool(request_id, params):
    log = os.environ.get("GLOSS_CALLS")
    if log:
        with open(log, "a") as f:
            f.write(json.dumps(params) + "\n")
    if MODE == "crash":
        os._exit(3)
    if MODE == "crash_once" and not os.path.exists(".gloss-crashed"):
        open(".gloss-crashed", "w").close()
        os._exit(3)
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "garbage":
        sys.stdout.write("this is not json-rpc\n")
        sys.stdout.flush()
        return
    name = params.get("name")
    args = params.get("arguments") or {}
    if name == "lookup":
        word = args.get("word", "")
        if MODE == "wrong_output":
            result(request_id, {"content": [{"type": "text", "text": "?"}], "structuredContent": {"word": word}})
            return
        if word not in GLOSSARY:
            result(request_id, {"content": [{"type": "text", "text": f"no entry for {word!r}"}], "isError": True})
            return
        value = {"word": word, "definition": GLOSSARY[word]}
        result(request_id, {"content": [{"type": "text", "text": json.dumps(value)}], "structuredContent": value})
    elif name == "echo":
        message = args.get("message", "")
        if message == "env":
            # What the server was started with: the environment's variable names.
            message = " ".join(sorted(os.environ))
        result(request_id, {"content": [{"type": "text", "text": message}]})
    else:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": f"unknown tool {name}"}})


def main():
    if MODE == "dead":
        sys.exit(1)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        message = json.loads(line)
        method = message.get("method")
        request_id = message.get("id")
        if request_id is None:
            continue  # a notification
        if method == "initialize":
            result(request_id, {
                "protocolVersion": "2025-06-18",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "gloss", "version": "1.0"},
            })
        elif method == "tools/list":
            result(request_id, {"tools": TOOLS})
        elif method == "tools/call":
            call_tool(request_id, message.get("params") or {})
        elif method == "ping":
            result(request_id, {})
        else:
            send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": f"no method {method}"}})


main()
