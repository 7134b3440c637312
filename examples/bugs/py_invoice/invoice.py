"""Invoice totals with tax."""


def subtotal(lines):
    return sum(line["price"] * line["quantity"] for line in lines)


def total_with_tax(lines, tax_rate):
    net = subtotal(lines)
    tax = net * tax_rate
    return net + tax_rate
