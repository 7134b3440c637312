use binary_search::{contains, find};

#[test]
fn finds_middle_element() {
    assert_eq!(find(&[1, 3, 5, 7, 9], 5), Some(2));
}

#[test]
fn finds_first_element() {
    assert_eq!(find(&[1, 3, 5, 7, 9], 1), Some(0));
}

#[test]
fn missing_large_value() {
    assert_eq!(find(&[1, 3, 5], 10), None);
}

#[test]
fn empty_slice_contains_nothing() {
    assert!(!contains(&[], 4));
}
