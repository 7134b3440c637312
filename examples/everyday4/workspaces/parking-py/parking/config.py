"""Tariff constants for the car park (all money in pounds)."""

# Price of each started hour after the grace period.
HOURLY_RATE = 2.30

# Stays of this many minutes or fewer are free (drop-offs, wrong turns).
GRACE_MINUTES = 10

# Most a single day (24 hours) of parking can cost.
DAILY_CAP = 18.40

# Flat charge when a driver cannot produce their ticket.
LOST_TICKET_FEE = 35.00
