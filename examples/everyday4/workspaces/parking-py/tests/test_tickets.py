from datetime import datetime

from parking.tickets import Barrier

ENTRY = datetime(2027, 3, 6, 9, 0)


def test_issue_numbers_tickets_in_order():
    barrier = Barrier()
    assert barrier.issue(ENTRY) == "T00001"
    assert barrier.issue(ENTRY) == "T00002"


def test_pay_charges_for_stay():
    barrier = Barrier()
    number = barrier.issue(ENTRY)
    assert barrier.pay(number, datetime(2027, 3, 6, 11, 30)) == 6.90


def test_exit_refuses_unpaid_ticket():
    barrier = Barrier()
    number = barrier.issue(ENTRY)
    assert barrier.exit(number) is False


def test_exit_after_payment():
    barrier = Barrier()
    number = barrier.issue(ENTRY)
    barrier.pay(number, datetime(2027, 3, 6, 9, 45))
    assert barrier.exit(number) is True
    assert number not in barrier.open_tickets


def test_lost_ticket_still_opens_barrier():
    barrier = Barrier()
    number = barrier.issue(ENTRY, plate="KX27 MBO")
    assert barrier.pay_lost("KX27 MBO") == 35.00
    assert barrier.exit(number) is True
