def quarter_label(iso_date: str) -> str:
    """Return the calendar quarter of a "YYYY-MM-DD" date as "YYYY-Qn", where
    January to March is Q1, April to June Q2, and so on.
    >>> quarter_label("2024-05-17")
    '2024-Q2'
    >>> quarter_label("2023-12-31")
    '2023-Q4'
    >>> quarter_label("2025-01-01")
    '2025-Q1'
    """
    year, month, _ = iso_date.split("-")
    quarter = int(month) // 3 + 1
    return f"{year}-Q{quarter}"
