//! Age brackets for ticket prices.

/// Whether someone of `age` pays the adult price.
pub fn is_adult(age: u32) -> bool {
    age > 18
}

/// Ticket price in cents for someone of `age`.
pub fn ticket_price(age: u32) -> u32 {
    if age < 4 {
        0
    } else if is_adult(age) {
        1200
    } else {
        700
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toddlers_ride_free() {
        assert_eq!(ticket_price(2), 0);
    }

    #[test]
    fn children_pay_less() {
        assert_eq!(ticket_price(10), 700);
    }

    #[test]
    fn eighteen_is_adult() {
        assert!(is_adult(18));
    }

    #[test]
    fn adults_pay_full_price() {
        assert_eq!(ticket_price(18), 1200);
    }
}
