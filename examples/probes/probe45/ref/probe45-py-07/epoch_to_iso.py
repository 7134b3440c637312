def epoch_to_iso(ts):
    """Convert a Unix timestamp (whole seconds since 1970-01-01T00:00:00Z,
    possibly negative) to an ISO 8601 UTC string "YYYY-MM-DDTHH:MM:SSZ" in
    the proleptic Gregorian calendar, without using the datetime module."""
    days, secs = divmod(ts, 86400)
    hh, rem = divmod(secs, 3600)
    mm, ss = divmod(rem, 60)
    # days since 1970-01-01 -> civil date, with years starting on March 1
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y += 1
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, hh, mm, ss)
