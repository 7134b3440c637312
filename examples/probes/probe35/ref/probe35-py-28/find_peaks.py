def find_peaks(values: list) -> list:
    """Return the indices of the peaks of a list of numbers. A peak is a value,
    or a run of equal values (a plateau), that is strictly higher than the
    value just before it and the value just after it. The first and last
    elements can never belong to a peak, since they lack a neighbour on one
    side. A plateau is reported by the index where it starts.
    >>> find_peaks([0, 5, 1, 4, 4, 4, 2, 6])
    [1, 3]
    """
    peaks = []
    i = 1
    while i < len(values) - 1:
        if values[i] > values[i - 1]:
            j = i
            while j + 1 < len(values) and values[j + 1] == values[i]:
                j += 1
            if j + 1 < len(values) and values[j + 1] < values[i]:
                peaks.append(i)
            i = j + 1
        else:
            i += 1
    return peaks
