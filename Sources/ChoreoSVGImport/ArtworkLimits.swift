import ChoreoScene
import ChoreoTimeline

/// Keeps an import within what a scene may say, so the importer never writes a scene the compiler
/// rejects: a node with a number beyond `SceneLimits.maxMagnitude`, or a size or radius that is
/// greater than 0 in the SVG but rounds to 0 as written, is left out with a warning at its element
/// (`sceneLimitWarning`, asked of each node as the mapper makes it, children before the group
/// that holds them); a canvas beyond the limit refuses the file. `nodesLeftOut` are those
/// warnings, which follow the mapping's own.
func refusingCanvasBeyondSceneLimits(_ artwork: consuming Artwork, nodesLeftOut: [ArtworkWarning]) -> Result<Artwork, SVGReadError> {
    guard fits(artwork.size.x) && fits(artwork.size.y), written(artwork.size.x) > 0, written(artwork.size.y) > 0 else {
        return .failure(SVGReadError("the SVG's size is beyond what a scene can hold (each side above 0 and at most \(importNumber(SceneLimits.maxMagnitude)))"))
    }
    var bounded = artwork
    for warning in nodesLeftOut where !bounded.warnings.contains(warning) { bounded.warnings.append(warning) }
    return .success(bounded)
}

/// Nil when a scene can hold `node` (its children already asked), else why it is left out. A
/// radial gradient too small to write is first made what SVG paints for a zero radius: its last stop.
func sceneLimitWarning(fixing node: inout ArtworkNode) -> ArtworkWarning? {
    if case let .radial(center, radius, stops)? = node.fill, written(radius) <= 0, fits(center.x), fits(center.y) {
        node.fill = stops.last.map { .color($0.color) } ?? ArtworkPaint.none
    }
    if withinLimits(node) { return nil }
    return ArtworkWarning(
        location: node.location,
        message: "the element's geometry or placement is beyond what a scene can hold (numbers at most \(importNumber(SceneLimits.maxMagnitude)) in either direction, sizes that round to more than 0); it is left out")
}

private func fits(_ value: Double) -> Bool { value.isFinite && abs(value) <= SceneLimits.maxMagnitude }

/// The value as the YAML writer prints it, read back.
private func written(_ value: Double) -> Double { Double(importNumber(value)) ?? 0 }

private func fits(_ point: Point?) -> Bool { point.map { fits($0.x) && fits($0.y) } ?? true }

/// Past a thousandth the written value is above 0 without writing it (six decimals), which every
/// size of every node would otherwise cost.
private func positive(_ value: Double) -> Bool { fits(value) && (value >= 0.001 || written(value) > 0) }

/// Every number of a path's data within the limit, read on bytes: only a number with seven or more
/// digits before its point can pass 1000000, so only those are converted (the importer's own path
/// data has no exponents, and the SVG's own has passed the scene's path parser, which bounds them).
/// Digits after a point are a fraction, however many there are (`2.9980469`, and `.5` in `1.5.5`).
private func fits(pathData: String) -> Bool {
    var pathData = pathData
    return pathData.withUTF8 { fits(pathData: $0) }
}

private func fits(pathData bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // One pass counting the digits of the current run: almost every run is short, and only a run
    // reaching seven digits stops the pass to read its number.
    var index = 0
    var run = 0
    var fraction = false
    while index < bytes.count {
        guard bytes[index] >= 48 && bytes[index] <= 57 else {
            run = 0
            fraction = bytes[index] == 46
            index += 1
            continue
        }
        if fraction {
            index += 1
            continue
        }
        run += 1
        index += 1
        if run < 7 { continue }
        let start = index - run
        var end = index
        while end < bytes.count, bytes[end] >= 48 && bytes[end] <= 57 { end += 1 }
        // Its fraction, once (`1000000.5` is past the limit; a second point starts another number).
        if end < bytes.count, bytes[end] == 46 {
            end += 1
            while end < bytes.count, bytes[end] >= 48 && bytes[end] <= 57 { end += 1 }
        }
        guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), fits(value) else { return false }
        index = end
        run = 0
    }
    return true
}

private func fits(_ paint: ArtworkPaint?) -> Bool {
    switch paint {
    case let .linear(from, to, _)?: return fits(from) && fits(to)
    case let .radial(center, radius, _)?: return fits(center) && positive(radius)
    default: return true
    }
}

@inline(__always)
private func withinLimits(_ node: ArtworkNode) -> Bool {
    guard fits(node.position), fits(node.anchor), node.rotation.map(fits) ?? true, fits(node.fill) else { return false }
    if let scale = node.scale, !(positive(scale.x) && positive(scale.y)) { return false }
    if let stroke = node.stroke {
        guard fits(stroke.width), fits(stroke.paint), fits(stroke.miterLimit), stroke.dash.allSatisfy(fits) else { return false }
    }
    if let clip = node.clip, !fits(pathData: clip) { return false }
    switch node.geometry {
    case .group: return true
    case let .rect(width, height, cornerRadius): return positive(width) && positive(height) && fits(cornerRadius)
    case let .ellipse(width, height): return positive(width) && positive(height)
    case let .path(data): return fits(pathData: data)
    }
}
