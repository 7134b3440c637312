def eval_rpn(expression: str) -> int:
    """Evaluate an integer expression in reverse Polish notation. Tokens are
    separated by spaces; the operators are + - * and /, where / divides and
    truncates towards zero. Each operator applies to the two values before it,
    in their order.
    >>> eval_rpn("3 4 + 2 *")
    14
    >>> eval_rpn("10 3 -")
    7
    """
    stack = []
    for token in expression.split():
        if token in ("+", "-", "*", "/"):
            right = stack.pop()
            left = stack.pop()
            if token == "+":
                stack.append(left + right)
            elif token == "-":
                stack.append(left - right)
            elif token == "*":
                stack.append(left * right)
            else:
                stack.append(int(left / right))
        else:
            stack.append(int(token))
    return stack[-1]
