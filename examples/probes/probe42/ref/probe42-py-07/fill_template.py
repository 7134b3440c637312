def fill_template(template, values):
    """Replace every {name} in template by str(values[name]) (spaces around
    the name are ignored); "{{" and "}}" stand for literal braces. A name
    missing from values raises KeyError.
    >>> fill_template("Hello, {name}!", {"name": "Ada"})
    'Hello, Ada!'
    >>> fill_template("{{x}} = {x}", {"x": 3})
    '{x} = 3'
    """
    out = []
    i = 0
    n = len(template)
    while i < n:
        ch = template[i]
        if ch == "{":
            if template.startswith("{{", i):
                out.append("{")
                i += 2
                continue
            end = template.index("}", i)
            key = template[i + 1:end].strip()
            out.append(str(values[key]))
            i = end + 1
        elif ch == "}":
            if template.startswith("}}", i):
                i += 1
            out.append("}")
            i += 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)
