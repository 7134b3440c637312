def page_window(current: int, total: int, width: int) -> list:
    """Return the page numbers to show in a pager: a run of up to width
    consecutive pages from 1..total that contains current (1 <= current <=
    total) and is centred on it where possible (with an even width, one more
    page comes after current than before). Near either end the run is shifted
    so that it still has width pages when total allows.
    >>> page_window(5, 10, 5)
    [3, 4, 5, 6, 7]
    >>> page_window(1, 10, 5)
    [1, 2, 3, 4, 5]
    >>> page_window(10, 10, 5)
    [6, 7, 8, 9, 10]
    """
    start = current - (width - 1) // 2
    if start < 1:
        start = 1
    end = min(total, start + width - 1)
    return list(range(start, end + 1))
