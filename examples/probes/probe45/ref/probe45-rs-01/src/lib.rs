/// Splits a container image reference into `(name, tag)`.
///
/// A digest suffix starting with `@` is removed first. The tag is the text
/// after the last `:` that comes after the last `/`; a `:` before the last
/// `/` belongs to a registry host and port (as in `localhost:5000/app`).
/// Without such a `:` the tag is `"latest"`. Returns `None` when the name or
/// the tag would be empty.
pub fn split_image_ref(reference: &str) -> Option<(String, String)> {
    let without_digest = match reference.find('@') {
        Some(at) => &reference[..at],
        None => reference,
    };
    let name_start = without_digest.rfind('/').map(|i| i + 1).unwrap_or(0);
    let (name, tag) = match without_digest.rfind(':') {
        Some(colon) if colon >= name_start => {
            (&without_digest[..colon], &without_digest[colon + 1..])
        }
        _ => (without_digest, "latest"),
    };
    if name.is_empty() || tag.is_empty() {
        return None;
    }
    Some((name.to_string(), tag.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_split_image_ref() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(split_image_ref("nginx"), pair("nginx", "latest"));
        assert_eq!(split_image_ref("nginx:1.25"), pair("nginx", "1.25"));
        assert_eq!(split_image_ref("localhost:5000/app"), pair("localhost:5000/app", "latest"));
        assert_eq!(split_image_ref("localhost:5000/app:v2"), pair("localhost:5000/app", "v2"));
        assert_eq!(split_image_ref("repo/app@sha256:abc"), pair("repo/app", "latest"));
        assert_eq!(split_image_ref("app:"), None);
        assert_eq!(split_image_ref(":tag"), None);
    }

}
