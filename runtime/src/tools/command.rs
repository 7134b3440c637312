//! Command lines for `run_command`: splitting without a shell, and the allow/deny decision the
//! guard and the worker both apply.

use thiserror::Error;

/// Why a command line is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandRefusal {
    #[error("the command line is empty")]
    Empty,
    #[error("unbalanced quote in the command line")]
    UnbalancedQuote,
    #[error("program `{program}` is not allowed; allowed programs: {}", allowed.join(", "))]
    NotAllowed {
        program: String,
        allowed: Vec<String>,
    },
    #[error("the command line contains the denied pattern `{pattern}`")]
    Denied { pattern: String },
}

/// Split a command line into words: whitespace separates, single quotes keep everything,
/// double quotes keep everything but `\"` and `\\`, a backslash outside quotes escapes the next
/// character. No expansion of any kind: there is no shell.
pub fn split_command_line(line: &str) -> Result<Vec<String>, CommandRefusal> {
    #[derive(PartialEq)]
    enum Mode {
        Plain,
        Single,
        Double,
    }
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut mode = Mode::Plain;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match mode {
            Mode::Plain => match c {
                c if c.is_whitespace() => {
                    if in_word {
                        words.push(std::mem::take(&mut current));
                        in_word = false;
                    }
                }
                '\'' => {
                    mode = Mode::Single;
                    in_word = true;
                }
                '"' => {
                    mode = Mode::Double;
                    in_word = true;
                }
                '\\' => {
                    if let Some(next) = chars.next() {
                        current.push(next);
                    }
                    in_word = true;
                }
                c => {
                    current.push(c);
                    in_word = true;
                }
            },
            Mode::Single => match c {
                '\'' => mode = Mode::Plain,
                c => current.push(c),
            },
            Mode::Double => match c {
                '"' => mode = Mode::Plain,
                '\\' => match chars.next() {
                    Some(next @ ('"' | '\\')) => current.push(next),
                    Some(next) => {
                        current.push('\\');
                        current.push(next);
                    }
                    None => return Err(CommandRefusal::UnbalancedQuote),
                },
                c => current.push(c),
            },
        }
    }
    if mode != Mode::Plain {
        return Err(CommandRefusal::UnbalancedQuote);
    }
    if in_word {
        words.push(current);
    }
    if words.is_empty() {
        return Err(CommandRefusal::Empty);
    }
    Ok(words)
}

/// Admit a command line: the program (first word, compared exactly: `/usr/bin/curl` is not
/// `curl`, and neither is allowed unless listed) must be in `allow`, and no `deny` pattern may
/// occur in the line as written nor in its words joined by single spaces.
pub fn admit_command(
    line: &str,
    allow: &[String],
    deny: &[String],
) -> Result<Vec<String>, CommandRefusal> {
    let argv = split_command_line(line)?;
    let joined = argv.join(" ");
    for pattern in deny {
        if !pattern.is_empty()
            && (line.contains(pattern.as_str()) || joined.contains(pattern.as_str()))
        {
            return Err(CommandRefusal::Denied {
                pattern: pattern.clone(),
            });
        }
    }
    let program = &argv[0];
    if !allow.iter().any(|a| a == program) {
        return Err(CommandRefusal::NotAllowed {
            program: program.clone(),
            allowed: allow.to_vec(),
        });
    }
    Ok(argv)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn splits_quotes_and_escapes() {
        assert_eq!(
            split_command_line(r#"grep -n "a b" 'c "d"' e\ f"#).unwrap(),
            s(&["grep", "-n", "a b", "c \"d\"", "e f"])
        );
        assert_eq!(split_command_line("  ''  ").unwrap(), s(&[""]));
        assert_eq!(
            split_command_line("echo 'x"),
            Err(CommandRefusal::UnbalancedQuote)
        );
        assert_eq!(split_command_line("   "), Err(CommandRefusal::Empty));
    }

    #[test]
    fn allow_and_deny_lists_apply() {
        let allow = s(&["git", "ls"]);
        let deny = s(&["curl", "rm -rf /"]);
        assert_eq!(
            admit_command("git status", &allow, &deny).unwrap(),
            s(&["git", "status"])
        );
        assert!(matches!(
            admit_command("/usr/bin/git status", &allow, &deny),
            Err(CommandRefusal::NotAllowed { .. })
        ));
        assert!(matches!(
            admit_command("ls curl", &allow, &deny),
            Err(CommandRefusal::Denied { pattern }) if pattern == "curl"
        ));
        assert!(matches!(
            admit_command("ls 'rm'  '-rf'  /", &allow, &deny),
            Err(CommandRefusal::Denied { .. })
        ));
    }
}
