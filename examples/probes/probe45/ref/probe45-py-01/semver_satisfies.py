def semver_satisfies(version, spec):
    """Return True if the semantic version `version` ("MAJOR.MINOR.PATCH")
    satisfies `spec`.

    `spec` is one of:
      "1.2.3"    exact match;
      ">=1.2.3"  the version is greater than or equal to 1.2.3;
      "^1.2.3"   same major version and >= 1.2.3 (when the major version
                 is 0: same major and minor version and >= 0.y.z);
      "~1.2.3"   same major and minor version and >= 1.2.3.
    Versions are compared numerically part by part. Raise ValueError if the
    version or the version inside the spec is malformed.
    """
    def parse(text):
        parts = text.split(".")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError("bad version: %r" % text)
        return tuple(int(p) for p in parts)

    v = parse(version)
    if spec.startswith(">="):
        return v >= parse(spec[2:])
    if spec.startswith("^"):
        base = parse(spec[1:])
        if base[0] == 0:
            return v[:2] == base[:2] and v >= base
        return v[0] == base[0] and v >= base
    if spec.startswith("~"):
        base = parse(spec[1:])
        return v[:2] == base[:2] and v >= base
    return v == parse(spec)
