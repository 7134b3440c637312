def stack_machine(program: str) -> list:
    """Run a program of space-separated tokens on an empty stack and return the
    stack, bottom first. An integer token is pushed. "+" and "-" pop b, then
    a, and push a + b or a - b. "dup" pushes a copy of the top value, "swap"
    exchanges the top two values and "drop" removes the top value.
    >>> stack_machine("5 3 -")
    [2]
    >>> stack_machine("1 2 swap dup")
    [2, 1, 1]
    """
    stack = []
    for token in program.split():
        if token == "+" or token == "-":
            b = stack.pop()
            a = stack.pop()
            stack.append(a + b if token == "+" else a - b)
        elif token == "dup":
            stack.append(stack[-1])
        elif token == "swap":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif token == "drop":
            stack.pop()
        else:
            stack.append(int(token))
    return stack
