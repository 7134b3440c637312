use halve::{divide, halve};

#[test]
fn divides() {
    assert_eq!(divide(12, 4), Some(3));
}

#[test]
fn division_by_zero() {
    assert_eq!(divide(1, 0), None);
}

#[test]
fn halves_even_number() {
    assert_eq!(halve(10), Some(5));
}

#[test]
fn halves_odd_number_towards_zero() {
    assert_eq!(halve(7), Some(3));
}
