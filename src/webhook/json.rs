//! JavaScript-exact JSON: JSON.parse and JSON.stringify as ECMA-262 defines them (being written).
