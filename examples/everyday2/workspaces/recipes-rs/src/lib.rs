//! Scale home recipes up or down for a different number of servings.

pub mod scale;
pub mod units;

pub use scale::{round_to_quarter, scale_quantity};
pub use units::{to_ml, Unit};

/// One line of a recipe: an amount, a unit and what it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Ingredient {
    pub amount: f64,
    pub unit: Unit,
    pub name: String,
}

/// Parse a line such as `2 cup flour` into an `Ingredient`.
/// Returns `None` when the amount or the unit is not understood.
pub fn parse_line(line: &str) -> Option<Ingredient> {
    let mut parts = line.split_whitespace();
    let amount: f64 = parts.next()?.parse().ok()?;
    let unit = Unit::from_word(parts.next()?)?;
    let name = parts.collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return None;
    }
    Some(Ingredient { amount, unit, name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_simple_line() {
        let ing = parse_line("2 cup plain flour").unwrap();
        assert_eq!(ing.amount, 2.0);
        assert_eq!(ing.unit, Unit::Cup);
        assert_eq!(ing.name, "plain flour");
    }

    #[test]
    fn rejects_unknown_units() {
        assert!(parse_line("3 handful spinach").is_none());
    }
}
