def infix_to_postfix(expr):
    """Convert an infix arithmetic expression into postfix (reverse Polish)
    notation with the shunting-yard algorithm.

    Tokens are separated by spaces: integers, the binary operators
    + - * / ^ and the parentheses ( and ). * and / bind tighter than + and -,
    ^ binds tightest; ^ is right-associative and the other operators are
    left-associative. Return the postfix tokens joined by single spaces."""
    prec = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
    out, stack = [], []
    for tok in expr.split():
        if tok in prec:
            while stack and stack[-1] != "(" and (
                prec[stack[-1]] > prec[tok]
                or (prec[stack[-1]] == prec[tok] and tok != "^")
            ):
                out.append(stack.pop())
            stack.append(tok)
        elif tok == "(":
            stack.append(tok)
        elif tok == ")":
            while stack[-1] != "(":
                out.append(stack.pop())
            stack.pop()
        else:
            out.append(tok)
    while stack:
        out.append(stack.pop())
    return " ".join(out)
