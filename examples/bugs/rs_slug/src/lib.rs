//! URL slugs from article titles.

/// Lowercase words joined by dashes; anything but letters and digits separates words.
pub fn slugify(title: &str) -> String {
    title
        .split(|character: char| !character.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| word.to_uppercase())
        .collect::<Vec<_>>()
        .join("-")
}
