#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Split one line of CSV text into its fields. Fields are separated by commas.
 A field may be enclosed in double quotes, and then it may contain commas; inside
 such a field, two double quotes in a row ("") stand for one literal double quote.
 The enclosing quotes are not part of the field's value.
 split_csv_line("a,\"b,c\",d") == vec!["a", "b,c", "d"]
*/
fn split_csv_line(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if in_quotes {
            if c == '"' {
                if i + 1 < chars.len() && chars[i + 1] == '"' {
                    field.push('"');
                } else {
                    in_quotes = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' {
            in_quotes = true;
        } else if c == ',' {
            fields.push(field.clone());
            field.clear();
        } else {
            field.push(c);
        }
        i += 1;
    }
    fields.push(field);
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_split_csv_line() {
        assert!(split_csv_line("a,b,c") == vec!["a", "b", "c"]);
        assert!(split_csv_line("") == vec![""]);
        assert!(split_csv_line("x,,y") == vec!["x", "", "y"]);
        assert!(split_csv_line("a,\"b,c\",d") == vec!["a", "b,c", "d"]);
        assert!(split_csv_line("\"say \"\"hi\"\", ok\",x") == vec!["say \"hi\", ok", "x"]);
        assert!(split_csv_line("\"\"\"\"") == vec!["\""]);
        assert!(split_csv_line("1,\"\"") == vec!["1", ""]);
        assert!(split_csv_line("\"a\"\"\",b") == vec!["a\"", "b"]);
    }

}
