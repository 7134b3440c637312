/// Replaces straight quotes with typographic ones. A double quote `"` at the
/// start of the text or right after whitespace or an opening bracket (`(`
/// or `[`) becomes an opening quote `“`; every other `"` becomes a closing
/// quote `”`. Every apostrophe `'` becomes `’`. All other characters are
/// kept.
pub fn smart_quotes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for ch in text.chars() {
        let replaced = match ch {
            '"' => match prev {
                None => '\u{201C}',
                Some(p) if p.is_whitespace() || p == '(' || p == '[' => '\u{201C}',
                _ => '\u{201D}',
            },
            '\'' if prev.map_or(true, |p| p.is_whitespace()) => '\u{2018}',
            '\'' => '\u{2019}',
            other => other,
        };
        out.push(replaced);
        prev = Some(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_smart_quotes() {
        assert_eq!(smart_quotes("\"Hi,\" she said."), "\u{201C}Hi,\u{201D} she said.");
        assert_eq!(smart_quotes("it's"), "it\u{2019}s");
        assert_eq!(smart_quotes("'Tis the season"), "\u{2019}Tis the season");
        assert_eq!(smart_quotes("rock 'n' roll"), "rock \u{2019}n\u{2019} roll");
        assert_eq!(smart_quotes("(\"x\") [\"y\"]"), "(\u{201C}x\u{201D}) [\u{201C}y\u{201D}]");
        assert_eq!(smart_quotes("no quotes"), "no quotes");
    }

}
