//! Temperature conversion for the weather page.

/// Degrees Celsius to degrees Fahrenheit.
pub fn to_fahrenheit(celsius: f64) -> f64 {
    celsius * 9.0 / 5.0
}

/// A reading with its unit, as the page shows it.
pub fn label(celsius: f64) -> String {
    format!("{:.0} °F", to_fahrenheit(celsius))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boiling_point() {
        assert_eq!(to_fahrenheit(100.0), 212.0);
    }

    #[test]
    fn freezing_point() {
        assert_eq!(to_fahrenheit(0.0), 32.0);
    }

    #[test]
    fn minus_forty_is_the_same_in_both() {
        assert_eq!(to_fahrenheit(-40.0), -40.0);
    }

    #[test]
    fn label_names_the_unit() {
        assert!(label(20.0).ends_with(" °F"));
    }

    #[test]
    fn label_rounds() {
        assert_eq!(label(37.0), "99 °F");
    }
}
