def shift_srt_timestamp(line, offset_ms):
    """Shift an SRT subtitle timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm" by
    `offset_ms` milliseconds (which may be negative) and return it in the
    same format. A time that would become negative is clamped to
    00:00:00,000. Raise ValueError if the line is malformed."""
    def parse(ts):
        hms, _, ms = ts.partition(",")
        fields = hms.split(":")
        if len(fields) != 3 or len(ms) != 3 or not "".join(fields + [ms]).isdigit():
            raise ValueError("bad timestamp %r" % ts)
        h, m, s = (int(f) for f in fields)
        return ((h * 60 + m) * 60 + s) * 1000 + int(ms)

    def fmt(total):
        total = max(total, 0)
        s, ms = divmod(total, 1000)
        m, s = divmod(s, 60)
        h, m = divmod(s, 60)
        return "%02d:%02d:%02d,%03d" % (h, m, s, ms)

    start, sep, end = line.partition(" --> ")
    if not sep:
        raise ValueError("missing arrow")
    return fmt(parse(start) + offset_ms) + " --> " + fmt(parse(end) + offset_ms)
