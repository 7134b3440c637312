"""Temperature conversions."""


def celsius_to_fahrenheit(celsius):
    return celsius * 9 / 5 - 32


def fahrenheit_to_celsius(fahrenheit):
    return (fahrenheit - 32) * 5 / 9


def describe(celsius):
    if celsius < 0:
        return "freezing"
    if celsius < 20:
        return "cool"
    return "warm"
