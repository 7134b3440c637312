"""Tickets issued at the entry barrier and checked at the exit."""

from dataclasses import dataclass

from .config import LOST_TICKET_FEE
from .tariff import fee_for_stay


@dataclass
class Ticket:
    number: str
    entered: object  # a datetime
    plate: str = ""
    paid: bool = False

    def minutes_until(self, when):
        """Whole minutes between entry and `when`."""
        return int((when - self.entered).total_seconds() // 60)


class Barrier:
    """Issues tickets, takes payment and opens the exit barrier."""

    def __init__(self):
        self.open_tickets = {}
        self._next_number = 1

    def issue(self, entered, plate=""):
        number = f"T{self._next_number:05d}"
        self._next_number += 1
        self.open_tickets[number] = Ticket(number, entered, plate)
        return number

    def pay(self, number, when):
        """Charge for the stay so far and mark the ticket paid."""
        ticket = self.open_tickets[number]
        fee = fee_for_stay(ticket.minutes_until(when))
        ticket.paid = True
        return fee

    def pay_lost(self, plate):
        """Charge the flat lost-ticket fee for the car with `plate`."""
        for ticket in self.open_tickets.values():
            if ticket.plate == plate:
                return LOST_TICKET_FEE
        raise KeyError(plate)

    def exit(self, number):
        """Open the exit barrier if the ticket has been paid."""
        ticket = self.open_tickets.get(number)
        if ticket is None or not ticket.paid:
            return False
        del self.open_tickets[number]
        return True
