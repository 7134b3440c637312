//! Kitchen measures and their size in millilitres.

pub const ML_PER_CUP: f64 = 240.0;
pub const ML_PER_TBSP: f64 = 15.0;
pub const ML_PER_TSP: f64 = 5.0;

/// The measures a recipe line may use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unit {
    Cup,
    Tbsp,
    Tsp,
    Ml,
    Gram,
    Piece,
}

impl Unit {
    /// Read a unit word as written in the recipe files.
    pub fn from_word(word: &str) -> Option<Unit> {
        match word.to_ascii_lowercase().as_str() {
            "cup" | "cups" => Some(Unit::Cup),
            "tbsp" => Some(Unit::Tbsp),
            "tsp" => Some(Unit::Tsp),
            "ml" => Some(Unit::Ml),
            "g" => Some(Unit::Gram),
            "x" | "piece" | "pieces" => Some(Unit::Piece),
            _ => None,
        }
    }
}

/// Volume in millilitres, or `None` for weights and whole pieces.
pub fn to_ml(amount: f64, unit: Unit) -> Option<f64> {
    match unit {
        Unit::Cup => Some(amount * ML_PER_CUP),
        Unit::Tbsp => Some(amount * ML_PER_TBSP),
        Unit::Tsp => Some(amount * ML_PER_TSP),
        Unit::Ml => Some(amount),
        Unit::Gram | Unit::Piece => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cups_to_ml() {
        assert_eq!(to_ml(1.5, Unit::Cup), Some(360.0));
    }

    #[test]
    fn grams_have_no_volume() {
        assert_eq!(to_ml(200.0, Unit::Gram), None);
    }
}
