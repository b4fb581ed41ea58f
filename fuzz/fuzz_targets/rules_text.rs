//! Rules text: any input parses to an error or to rules that print and parse back to
//! themselves and set up a game or refuse to.
#![no_main]

use halma_fuzz::checks::check_rules;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    check_rules(text);
});
