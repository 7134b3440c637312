/// Computes the total of a shopping cart in cents.
///
/// `items` holds `(unit_price_cents, quantity)` pairs. The coupon takes
/// `percent_off` percent (capped at 100) off the subtotal, with the discount
/// rounded down to whole cents. A shipping fee of 499 cents is then added
/// unless the discounted subtotal is at least 5000 cents. A cart whose
/// subtotal is 0 costs 0 and pays no shipping.
pub fn cart_total(items: &[(u64, u64)], percent_off: u64) -> u64 {
    let subtotal: u64 = items.iter().map(|&(price, qty)| price * qty).sum();
    if subtotal == 0 {
        return 0;
    }
    let discount = subtotal * percent_off.min(100) / 100;
    let discounted = subtotal - discount;
    let shipping = if discounted >= 5000 { 0 } else { 499 };
    discounted + shipping
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_cart_total() {
        assert_eq!(cart_total(&[(1000, 5)], 0), 5000);
        assert_eq!(cart_total(&[(1000, 5)], 10), 4999);
        assert_eq!(cart_total(&[(250, 4), (1999, 1)], 0), 3498);
        assert_eq!(cart_total(&[], 50), 0);
        assert_eq!(cart_total(&[(333, 3)], 10), 1399);
        assert_eq!(cart_total(&[(6000, 1)], 20), 5299);
        assert_eq!(cart_total(&[(7000, 1)], 150), 499);
    }

}
