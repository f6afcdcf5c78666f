import ChoreoTimeline

/// The allowed range of a number field.
package enum Bound {
    case any
    case atLeast(Double)
    case greaterThan(Double)
    case between(Double, Double)

    package func contains(_ value: Double) -> Bool {
        switch self {
        case .any: return true
        case let .atLeast(low): return value >= low
        case let .greaterThan(low): return value > low
        case let .between(low, high): return value >= low && value <= high
        }
    }
}
