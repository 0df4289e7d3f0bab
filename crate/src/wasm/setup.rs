//! The JavaScript `Setup` class (one side's half of a hidden setup, made
//! field by field) and `startPosition` (the start from two halves): argument
//! checks around the door's [`Half`].

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{describe, error, object, refused, side_arg, square_arg, text_arg, to_js, variant_arg, MAX_SAFE_INTEGER};
use crate::door::{self, Half, MAX_POSITION_LEN};

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `Math.random()`: a seed for a random setup when none is given.
    #[wasm_bindgen(js_namespace = Math, js_name = random)]
    fn math_random() -> f64;
}

/// One side's half of a hidden setup.
#[wasm_bindgen(js_name = Setup)]
pub struct JsSetup {
    half: Half,
}

/// The game a setup is made for: one with a setup phase.
fn setup_variant(value: &JsValue) -> Result<String, JsValue> {
    let first = door::games().into_iter().find(|g| g.hidden_setup).map_or("", |g| g.id);
    let variant = variant_arg(value, &format!("'{first}'"))?;
    match door::hidden_setup(&variant) {
        Ok(true) => Ok(variant),
        Ok(false) => Err(error(format!("'{variant}' has no setup phase"))),
        Err(e) => Err(refused(e)),
    }
}

#[wasm_bindgen(js_class = Setup)]
impl JsSetup {
    /// `side`'s half (`'w'` or `'b'`): empty, or read from its text (the
    /// zone's rows, top row first, as in position strings).
    #[wasm_bindgen(constructor)]
    pub fn new(variant: JsValue, side: JsValue, text: JsValue) -> Result<JsSetup, JsValue> {
        let variant = setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let text = if text.is_undefined() || text.is_null() {
            None
        } else {
            Some(text_arg(&text, "a setup text", "'3T4/…'", MAX_POSITION_LEN, |n| {
                format!("bad setup: it is {n} characters long; no setup needs more than {MAX_POSITION_LEN}")
            })?)
        };
        Ok(JsSetup { half: Half::new(&variant, side, text.as_deref()).map_err(refused)? })
    }

    /// A random complete half; the same for the same `seed` (a whole number), else a fresh one.
    pub fn random(variant: JsValue, side: JsValue, seed: JsValue) -> Result<JsSetup, JsValue> {
        let variant = setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let seed = if seed.is_undefined() || seed.is_null() {
            (math_random() * MAX_SAFE_INTEGER as f64) as u64
        } else {
            match seed.as_f64() {
                Some(n) if n.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER as f64).contains(&n) => n as u64,
                _ => return Err(error(format!("a seed is a whole number from 0, not {}", describe(&seed)))),
            }
        };
        Ok(JsSetup { half: Half::random(&variant, side, seed).map_err(refused)? })
    }

    /// A ready-made half by its id (`variants()` lists each game's presets).
    pub fn preset(variant: JsValue, side: JsValue, id: JsValue) -> Result<JsSetup, JsValue> {
        let variant = setup_variant(&variant)?;
        let side = side_arg(&side)?;
        let id = text_arg(&id, "a preset", "'fortress'", 40, |n| format!("a preset id is a word, not {n} characters"))?;
        Ok(JsSetup { half: Half::preset(&variant, side, &id).map_err(refused)? })
    }

    /// `'w'` or `'b'`.
    pub fn side(&self) -> String {
        self.half.side().letter().to_string()
    }

    /// Puts `what` (a piece letter, or `'mountain'` or `'water'`) on a field
    /// of the side's zone; throws, naming the rule, if it may not go there.
    pub fn place(&mut self, square: JsValue, what: JsValue) -> Result<(), JsValue> {
        let square = square_arg(&square)?;
        let what = text_arg(&what, "what to place", "'R' or 'mountain'", 16, |n| {
            format!("what to place is a piece letter, 'mountain' or 'water', not {n} characters")
        })?;
        self.half.place(&square, &what).map_err(refused)
    }

    /// Takes what is on a field off it (the piece first, then the terrain
    /// under it) and returns it: a letter, `'mountain'`, `'water'`, or `null`.
    pub fn clear(&mut self, square: JsValue) -> Result<JsValue, JsValue> {
        let taken = self.half.clear(&square_arg(&square)?).map_err(refused)?;
        Ok(taken.map_or(JsValue::NULL, |t| JsValue::from_str(&t)))
    }

    /// What is on a field: `{piece?: 'R', terrain?: 'mountain'|'water'}`, or `null`.
    pub fn at(&self, square: JsValue) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct At {
            #[serde(skip_serializing_if = "Option::is_none")]
            piece: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            terrain: Option<&'static str>,
        }
        let (piece, terrain) = self.half.at(&square_arg(&square)?).map_err(refused)?;
        if piece.is_none() && terrain.is_none() {
            return Ok(JsValue::NULL);
        }
        to_js(&At { piece, terrain })
    }

    /// The half as text: the zone's rows, top row first.
    pub fn text(&self) -> String {
        self.half.text()
    }

    /// What is still to place: `{R: 2, mountain: 1}` (only what is short).
    pub fn missing(&self) -> Result<JsValue, JsValue> {
        object(self.half.missing())
    }

    /// Everything wrong with the half, one line each; empty when it is complete and valid.
    pub fn problems(&self) -> Vec<String> {
        self.half.problems().into_iter().map(|p| p.message).collect()
    }

    /// The same problems coded for a page that words them: `[{code, args, message}]`.
    #[wasm_bindgen(js_name = problemCodes)]
    pub fn problem_codes(&self) -> Result<JsValue, JsValue> {
        to_js(&self.half.problems())
    }

    #[wasm_bindgen(js_name = isComplete)]
    pub fn is_complete(&self) -> bool {
        self.half.is_complete()
    }
}

/// The position string of turn 1 from both halves, `first` (`'w'` or `'b'`)
/// to move; throws with the problems of the side at fault.
#[wasm_bindgen(js_name = startPosition)]
pub fn start_position(variant: JsValue, white: &JsSetup, black: &JsSetup, first: JsValue) -> Result<String, JsValue> {
    let variant = setup_variant(&variant)?;
    let first = side_arg(&first)?;
    if white.half.variant() != variant {
        return Err(error(format!("these halves are for '{}', not '{variant}'", white.half.variant())));
    }
    door::start_position(&white.half, &black.half, first).map_err(refused)
}
