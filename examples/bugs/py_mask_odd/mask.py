def mask_odd_positions(values, fill=0):
    """The values with every odd position replaced by `fill`."""
    return [fill if i % 2 == 1 else i for i in range(len(values))]
