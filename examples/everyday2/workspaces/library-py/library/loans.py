"""Lending rules for the branch: due dates, renewals and fines."""

from dataclasses import dataclass
from datetime import date, timedelta

from library.settings import FINE_CAP, FINE_PER_DAY, LOAN_DAYS, MAX_RENEWALS


class RenewalRefused(Exception):
    """Raised when a loan has already been renewed as often as allowed."""


@dataclass
class Loan:
    isbn: str
    member: str
    due: date
    renewals: int = 0


def lend(isbn, member, today):
    """Start a new loan that is due LOAN_DAYS after today."""
    return Loan(isbn=isbn, member=member, due=today + timedelta(days=LOAN_DAYS))


def renew(loan, today):
    """Move the due date to LOAN_DAYS after today.

    A loan may be renewed at most MAX_RENEWALS times; after that the
    book has to come back to the desk.
    """
    if loan.renewals > MAX_RENEWALS:
        raise RenewalRefused(f"{loan.isbn} already renewed {loan.renewals} times")
    loan.renewals += 1
    loan.due = today + timedelta(days=LOAN_DAYS)
    return loan


def days_overdue(loan, returned):
    """Whole days between the due date and the return date (0 if on time)."""
    return max(0, (returned - loan.due).days)


def fine(loan, returned):
    """Fine owed for a late return, never more than FINE_CAP."""
    late = days_overdue(loan, returned)
    return round(min(late * FINE_PER_DAY, FINE_CAP), 2)
