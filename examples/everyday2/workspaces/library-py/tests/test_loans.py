from datetime import date

import pytest

from library.loans import RenewalRefused, days_overdue, fine, lend, renew

TODAY = date(2026, 3, 2)


def test_lend_sets_due_date():
    loan = lend("978-0141439518", "m-104", TODAY)
    assert loan.due == date(2026, 3, 23)


def test_renew_moves_due_date():
    loan = lend("978-0141439518", "m-104", TODAY)
    renew(loan, date(2026, 3, 20))
    assert loan.due == date(2026, 4, 10)
    assert loan.renewals == 1


def test_renew_refuses_after_limit():
    loan = lend("978-0141439518", "m-104", TODAY)
    for _ in range(3):
        renew(loan, TODAY)
    with pytest.raises(RenewalRefused):
        renew(loan, TODAY)


def test_days_overdue_zero_when_on_time():
    loan = lend("978-0141439518", "m-104", TODAY)
    assert days_overdue(loan, date(2026, 3, 20)) == 0


def test_fine_is_capped():
    loan = lend("978-0141439518", "m-104", TODAY)
    assert fine(loan, date(2026, 3, 27)) == 1.4
    assert fine(loan, date(2026, 6, 1)) == 7.5
