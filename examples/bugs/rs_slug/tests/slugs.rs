use slug::slugify;

#[test]
fn simple_title() {
    assert_eq!(slugify("Hello World"), "hello-world");
}

#[test]
fn punctuation_separates_words() {
    assert_eq!(slugify("Rust, in 2024!"), "rust-in-2024");
}

#[test]
fn digits_only() {
    assert_eq!(slugify("2024"), "2024");
}
