//! Pass options as given in a pipeline: `{max-iterations=3 region-simplify=false}`.

/// Parsed `key=value` options of one pass, in the order written.
#[derive(Default, Debug, Clone)]
pub struct PassOptions {
    pub entries: Vec<(String, String)>,
}

impl PassOptions {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn get_u64(&self, key: &str, default: u64) -> Result<u64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                format!("invalid value '{v}' for option '{key}': expected an unsigned integer")
            }),
        }
    }

    pub fn get_bool(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(default),
            Some("true" | "1" | "") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(v) => Err(format!(
                "invalid value '{v}' for option '{key}': expected true or false"
            )),
        }
    }
}
