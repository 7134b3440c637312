def parse_ini(text: str) -> dict:
    """Parse INI-style text into {section: {key: value}}. Each line is
    stripped; blank lines and lines starting with ';' or '#' are skipped.
    "[name]" starts a section, and "key = value" sets a key in the current
    section (keys before any section go to section ""). Keys and values are
    stripped, and a later key overrides an earlier one.
    >>> parse_ini("a=1\\n[db]\\nhost = x\\n; c\\nport=5")
    {'': {'a': '1'}, 'db': {'host': 'x', 'port': '5'}}
    """
    result = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            result.setdefault(section, {})
            continue
        key, _, value = line.partition("=")
        result.setdefault(section, {})[key.strip()] = value.strip()
    return result
