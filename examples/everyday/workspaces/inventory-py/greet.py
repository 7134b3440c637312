def greeting(name):
    return "Hello, " + name + "!"
