#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return the spreadsheet column name of the 1-based column number n:
1 -> "A", 26 -> "Z", 27 -> "AA", 28 -> "AB", 702 -> "ZZ", 703 -> "AAA".
excel_column_name(28) == "AB"
excel_column_name(701) == "ZY"
*/
fn excel_column_name(n: u32) -> String {
    let mut n = n;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push((b'A' + rem as u8) as char);
        n = n / 26;
    }
    letters.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_excel_column_name() {
        assert!(excel_column_name(28) == "AB");
        assert!(excel_column_name(701) == "ZY");
        assert!(excel_column_name(1) == "A");
        assert!(excel_column_name(26) == "Z");
        assert!(excel_column_name(27) == "AA");
        assert!(excel_column_name(52) == "AZ");
        assert!(excel_column_name(702) == "ZZ");
        assert!(excel_column_name(703) == "AAA");
        assert!(excel_column_name(16384) == "XFD");
    }

}
