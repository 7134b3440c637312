use calc::{add, divide, evaluate, multiply, subtract};

#[test]
fn adds() {
    assert_eq!(add(2, 3), 5);
}

#[test]
fn subtracts() {
    assert_eq!(subtract(10, 4), 6);
}

#[test]
fn multiplies() {
    assert_eq!(multiply(6, 7), 42);
}

#[test]
fn divides_and_refuses_zero() {
    assert_eq!(divide(9, 3), Some(3));
    assert_eq!(divide(1, 0), None);
}

#[test]
fn evaluates_expressions() {
    assert_eq!(evaluate(8, '-', 5), Some(3));
    assert_eq!(evaluate(8, '*', 5), Some(40));
    assert_eq!(evaluate(8, '%', 5), None);
}
