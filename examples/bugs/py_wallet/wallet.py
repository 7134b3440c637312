class Wallet:
    def __init__(self, balance=0):
        self.balance = balance

    def spend(self, amount):
        """Take `amount` out; a bad amount or too little money is a ValueError."""
        if amount <= 0:
            raise ValueError("amount must be positive")
        if amount > self.balance:
            raise KeyError("not enough money")
        self.balance -= amount
        return self.balance
