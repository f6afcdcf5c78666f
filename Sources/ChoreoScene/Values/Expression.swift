/// Evaluates a number expression with units: `0.35s`, `$w / 4`, `-(1 + 2) * 3deg`,
/// `min($a, 2s)`, `sqrt(2)`, `sin(30deg)`. Unit rules: `+`/`-`/`min`/`max` need equal
/// dimensions; `time * number` is a time; `time / time` is a number; `sin`/`cos` take angles.
/// Rules: `expression-syntax`, `undefined-var` (with a did-you-mean help), `unit-mismatch`,
/// `wrong-var-type`, `non-finite`.
public func evaluateExpression(_ text: String, environment: ValueEnvironment) -> Result<Quantity, ValueError> {
    .failure(ValueError(rule: "expression-syntax", "expressions are not implemented yet"))
}

/// The `$name` references in an expression or colour text, with their scalar offsets, in order.
/// Used to order vars and to report var cycles.
public func variableReferences(in text: String) -> [(name: String, offset: Int)] {
    []
}
