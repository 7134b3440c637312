"""Fee and barrier logic for a pay-on-exit car park."""

from .tariff import billable_hours, fee_for_stay
from .tickets import Barrier, Ticket

__all__ = ["Barrier", "Ticket", "billable_hours", "fee_for_stay"]
