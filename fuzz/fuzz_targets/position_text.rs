//! Position text: any input parses to an error or to a consistent position whose text
//! parses back to it.
#![no_main]

use halma_fuzz::checks::parse_position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = parse_position(text);
});
