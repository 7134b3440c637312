use average::{mean, midpoint};

#[test]
fn midpoint_of_two_and_four() {
    assert_eq!(midpoint(2.0, 4.0), 3.0);
}

#[test]
fn midpoint_is_symmetric() {
    assert_eq!(midpoint(10.0, 0.0), midpoint(0.0, 10.0));
}

#[test]
fn mean_of_slice() {
    assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
}

#[test]
fn mean_of_nothing() {
    assert_eq!(mean(&[]), None);
}
