/// Parses an HTTP `Cache-Control` header into `(directive, value)` pairs, in
/// header order.
///
/// Directives are separated by commas. A directive name is trimmed and
/// lower-cased; a value follows `=`, is trimmed, and loses one pair of
/// surrounding double quotes if it has them. Directives without `=` have
/// no value, and empty entries are skipped. For example
/// `"max-age=60, Private"` gives `[("max-age", Some("60")), ("private", None)]`.
pub fn parse_cache_control(header: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for part in header.split(',') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        match part.split_once('=') {
            Some((name, value)) => {
                let mut value = value.trim();
                out.push((name.trim().to_ascii_lowercase(), Some(value.to_string())));
            }
            None => out.push((part.to_ascii_lowercase(), None)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_cache_control() {
        let d = |n: &str, v: Option<&str>| (n.to_string(), v.map(|s| s.to_string()));
        assert_eq!(parse_cache_control("max-age=60, Private"), vec![d("max-age", Some("60")), d("private", None)]);
        assert_eq!(parse_cache_control("no-cache=\"Set-Cookie\""), vec![d("no-cache", Some("Set-Cookie"))]);
        assert_eq!(parse_cache_control(" , NO-STORE ,"), vec![d("no-store", None)]);
        assert_eq!(parse_cache_control("s-maxage = 300 ,must-revalidate"), vec![d("s-maxage", Some("300")), d("must-revalidate", None)]);
        assert_eq!(parse_cache_control("x=\"\""), vec![d("x", Some(""))]);
        assert_eq!(parse_cache_control(""), vec![]);
    }

}
