import ChoreoDiagnostics
import ChoreoJSON
import ChoreoSceneModel
import ChoreoTimeline

/// One edit a tool asks for by hand (a handle dragged in the preview): a time, an easing's curve
/// or spring, or a node moved in a state. `SceneDocument.edit(for:)` turns it into a `SceneEdit`.
public enum ScenePageEdit: Sendable, Equatable {
    /// The time at `path` set to `seconds` (on a whole frame when `snap`), in the unit the file
    /// writes it in; a percentage stays a percentage of `percentOf` seconds.
    case time(path: ScenePath, seconds: Double, snap: Bool, percentOf: Double?)
    /// The easing at `path` made `cubic-bezier(x1, y1, x2, y2)`.
    case cubic(path: ScenePath, points: [Double], snap: Bool)
    /// The spring at `path` given these parameters (one form's keys: `response`,
    /// `damping-fraction`; `duration`, `bounce`; or `stiffness`, `damping`, `mass`).
    case spring(path: ScenePath, parameters: [String: Double], snap: Bool)
    /// Node `node` moved by `dx`, `dy` in state `state`: its `offset` there when the state writes
    /// one, else its `position`.
    case move(state: String, node: String, dx: Double, dy: Double, snap: Bool)
    /// The page's undo and redo: the bytes before the last edit (after the last undo) written back.
    case undo, redo
}

/// A request from the preview page: the edit, the session's token, the hash of the bytes the page
/// last saw (`base`), and whether the page confirmed an edit that moves several places.
public struct ScenePageEditRequest: Sendable, Equatable {
    public var token: String
    public var base: String
    public var confirm: Bool
    public var edit: ScenePageEdit

    /// The largest request body read; the page's requests are a few hundred bytes.
    public static let maximumBytes = 16 * 1024

    /// Reads a request from its JSON body; the reason it does not read otherwise.
    public static func parse(_ bytes: [UInt8]) -> Result<ScenePageEditRequest, ScenePageEditRequest.Invalid> {
        guard bytes.count <= maximumBytes else { return .failure(Invalid("the request is larger than \(maximumBytes) bytes")) }
        guard let json = JSONParser.parse(bytes), case .object = json else { return .failure(Invalid("the request is not a JSON object")) }
        guard case let .string(token)? = json["token"], token.utf8.count <= 128 else { return .failure(Invalid("the request has no session token")) }
        guard case let .string(base)? = json["base"], base.utf8.count <= 128 else { return .failure(Invalid("the request does not say which bytes it edits ('base')")) }
        var confirm = false
        if let value = json["confirm"] {
            guard case let .bool(flag) = value else { return .failure(Invalid("'confirm' is true or false")) }
            confirm = flag
        }
        var snap = true
        if let value = json["snap"] {
            guard case let .bool(flag) = value else { return .failure(Invalid("'snap' is true or false")) }
            snap = flag
        }
        guard case let .string(op)? = json["op"] else { return .failure(Invalid("the request has no 'op'")) }
        func path() throws(Invalid) -> ScenePath {
            guard let json = json["path"], let path = ScenePath(json: json), !path.components.isEmpty,
                path.components.allSatisfy({ if case let .key(key) = $0 { return key.utf8.count <= 1024 } else { return true } })
            else { throw Invalid("'path' is a list of keys and indices") }
            return path
        }
        func number(_ key: String, in object: JSONValue = json, within range: ClosedRange<Double>) throws(Invalid) -> Double {
            guard let value = object[key].flatMap(Self.double), range.contains(value) else {
                throw Invalid("'\(key)' is a number from \(formatSceneNumber(range.lowerBound)) to \(formatSceneNumber(range.upperBound))")
            }
            return value
        }
        let edit: ScenePageEdit
        do throws(Invalid) {
            switch op {
            case "time":
                var percentOf: Double?
                if json["percentOf"] != nil, json["percentOf"] != .null {
                    percentOf = try number("percentOf", within: 0...SceneLimits.maxTime)
                }
                edit = .time(path: try path(), seconds: try number("seconds", within: 0...SceneLimits.maxTime), snap: snap, percentOf: percentOf)
            case "cubic":
                guard case let .array(items)? = json["points"], items.count == 4 else { throw Invalid("'points' is [x1, y1, x2, y2]") }
                let points = items.compactMap(Self.double)
                guard points.count == 4, (0...1).contains(points[0]), (0...1).contains(points[2]), abs(points[1]) <= 10, abs(points[3]) <= 10 else {
                    throw Invalid("'points' is [x1, y1, x2, y2], x1 and x2 from 0 to 1, y1 and y2 from -10 to 10")
                }
                edit = .cubic(path: try path(), points: points, snap: snap)
            case "spring":
                guard case let .object(members)? = json["parameters"], !members.isEmpty else { throw Invalid("'parameters' is a map of a spring's keys") }
                guard let form = SceneKey.springForms.values.first(where: { keys in members.allSatisfy { member in keys.contains { $0.text == member.0 } } })
                else { throw Invalid("'parameters' are one spring form's keys: response and damping-fraction, duration and bounce, or stiffness, damping and mass") }
                var parameters: [String: Double] = [:]
                for (key, _) in members where form.contains(where: { $0.text == key }) {
                    parameters[key] = try number(key, in: json["parameters"] ?? .null, within: -1...10_000)
                }
                edit = .spring(path: try path(), parameters: parameters, snap: snap)
            case "move":
                guard case let .string(state)? = json["state"], case let .string(node)? = json["node"], state.utf8.count <= 1024, node.utf8.count <= 1024
                else { throw Invalid("'state' and 'node' name the state and the node moved") }
                edit = .move(state: state, node: node, dx: try number("dx", within: -100_000...100_000), dy: try number("dy", within: -100_000...100_000), snap: snap)
            case "undo": edit = .undo
            case "redo": edit = .redo
            default: throw Invalid("unknown op '\(op.prefix(40))': time, cubic, spring, move, undo or redo")
            }
        } catch {
            return .failure(error)
        }
        return .success(ScenePageEditRequest(token: token, base: base, confirm: confirm, edit: edit))
    }

    private static func double(_ value: JSONValue) -> Double? {
        switch value {
        case let .int(number): return Double(number)
        case let .number(number), let .decimal(number, _): return number.isFinite ? number : nil
        default: return nil
        }
    }

    public struct Invalid: Error, Equatable, Sendable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}

extension SceneDocument {
    /// The text edit that makes `edit` (not undo or redo, which are the server's). `position`
    /// gives a node's position in a state as compiled, for a state that does not write it.
    public func edit(
        for edit: ScenePageEdit, position: (_ state: String, _ node: String) -> (x: Double, y: Double)? = { _, _ in nil }
    ) -> Result<SceneEdit, SceneEditFailure> {
        guard root != nil else { return .failure(.unreadable) }
        switch edit {
        case let .time(path, seconds, snap, percentOf): return settingTime(path, seconds: seconds, snap: snap, percentOf: percentOf)
        case let .cubic(path, points, snap): return settingCubic(path, points: points, snap: snap)
        case let .spring(path, parameters, snap): return settingSpring(path, parameters: parameters, snap: snap)
        case let .move(state, node, dx, dy, snap): return moving(node, in: state, dx: dx, dy: dy, snap: snap, position: position)
        case .undo, .redo: return .failure(.unsupportedLayout("undo and redo are not edits of the text"))
        }
    }

    private func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = [1.0, 10, 100, 1000, 10_000][min(decimals, 4)]
        return (value * scale).rounded() / scale
    }

    private func settingTime(_ path: ScenePath, seconds raw: Double, snap: Bool, percentOf: Double?) -> Result<SceneEdit, SceneEditFailure> {
        let fps = framesPerSecond
        let seconds = max(0, snap ? (raw * fps).rounded() / fps : raw)
        guard let node = node(at: path) else {
            // Not written: added beside its neighbours, in the unit a time beside it uses.
            guard case let .key(key)? = path.last, let parent = node(at: path.parent), self[resolved(parent)].isMap else {
                return .failure(.noSuchPath(path))
            }
            let neighbour = [SceneKey.duration, SceneKey.delay, SceneKey.at].lazy
                .compactMap { self.value($0, in: parent).map(self.definition).flatMap(self.scalar) }
                .first { splitQuantity($0) != nil && !$0.hasSuffix("%") }
            return inserting(SceneKey(name: key), timeValue(seconds, writtenLike: neighbour, snap: snap), into: path.parent)
        }
        let target = definition(of: node)
        if let text = scalar(target), text.hasSuffix("%") {
            guard let percentOf, percentOf > 0 else { return .failure(.unsupportedLayout("'\(path)' is a percentage of a duration that is not known")) }
            return .success(setting(node, described: "\(path)", to: .quantity(min(100, rounded(seconds / percentOf * 100, decimals: snap ? 2 : 3)), unit: "%")))
        }
        guard let text = scalar(target), self.seconds(ofTime: text) != nil else {
            return .failure(.unsupportedLayout("'\(path)' is written '\((scalar(target) ?? "").prefix(60))', not a time; edit it in the file"))
        }
        return .success(setting(node, described: "\(path)", to: timeValue(seconds, writtenLike: text, snap: snap)))
    }

    /// `seconds` in the unit `old` is written in (`s` when nothing is), to the precision that names
    /// a frame when snapped (whole ms, whole frames, thousandths of a second), finer when not.
    private func timeValue(_ seconds: Double, writtenLike old: String?, snap: Bool) -> SceneValue {
        switch old.flatMap(splitQuantity)?.unit {
        case "ms": return .quantity(rounded(seconds * 1000, decimals: snap ? 0 : 1), unit: "ms")
        case "f": return .quantity(rounded(seconds * framesPerSecond, decimals: snap ? 0 : 2), unit: "f")
        default: return .seconds(rounded(seconds, decimals: snap ? 3 : 4))
        }
    }

    private func settingCubic(_ path: ScenePath, points raw: [Double], snap: Bool) -> Result<SceneEdit, SceneEditFailure> {
        let points = raw.map { rounded($0, decimals: snap ? 2 : 3) }
        let written = SceneValue.text("cubic-bezier(" + points.map(formatSceneNumber).joined(separator: ", ") + ")", .doubleQuoted)
        guard let node = node(at: path) else {
            guard case let .key(key)? = path.last, node(at: path.parent) != nil else { return .failure(.noSuchPath(path)) }
            return inserting(SceneKey(name: key), written, into: path.parent)
        }
        let target = definition(of: node)
        if self[resolved(target)].isMap, let list = value(SceneKey.cubicBezier, in: target), items(list).count == 4 {
            // `{cubic-bezier: [x1, y1, x2, y2]}`: each number changed in its place.
            var combined: [SceneEdit] = []
            for (index, item) in items(list).enumerated() where scalar(definition(of: item)).flatMap(Double.init) != points[index] {
                combined.append(setting(item, described: "\(path).\(SceneKey.cubicBezier)[\(index)]", to: .number(points[index])))
            }
            return combine(combined, message: "set '\(path)' to cubic-bezier(\(points.map(formatSceneNumber).joined(separator: ", ")))", target: target)
        }
        return .success(setting(node, described: "\(path)", to: written))
    }

    private func settingSpring(_ path: ScenePath, parameters: [String: Double], snap: Bool) -> Result<SceneEdit, SceneEditFailure> {
        let keys = SceneKey.springForms.values.first { form in parameters.keys.allSatisfy { key in form.contains { $0.text == key } } } ?? []
        let ordered = keys.compactMap { key in parameters[key.text].map { (key, rounded($0, decimals: snap ? 2 : 3)) } }
        func value(_ key: SceneKey, _ number: Double) -> SceneValue { key == .duration ? .seconds(number) : .number(number) }
        let whole = SceneValue.map([SceneEntry(.spring, .map(ordered.map { SceneEntry($0.0, value($0.0, $0.1)) }, .flow))], .flow)
        guard let node = node(at: path) else {
            guard case let .key(key)? = path.last, node(at: path.parent) != nil else { return .failure(.noSuchPath(path)) }
            return inserting(SceneKey(name: key), whole, into: path.parent)
        }
        let target = definition(of: node)
        guard self[resolved(target)].isMap, let spring = self.value(SceneKey.spring, in: target), self[resolved(spring)].isMap,
            entries(spring).allSatisfy({ entry in keys.contains { $0.text == self[entry.key].scalar?.value } })
        else {
            // A preset (`bouncy`), a curve, or a spring of another form: the whole easing written anew.
            return .success(setting(node, described: "\(path)", to: whole))
        }
        var combined: [SceneEdit] = []
        var missing: [SceneEntry] = []
        for (key, number) in ordered {
            if let written = self.value(key, in: spring) {
                let old = scalar(definition(of: written))
                // A time keeps its unit; a plain number stays plain.
                let new = old.flatMap(splitQuantity) != nil ? SceneValue.seconds(number) : .number(number)
                if old.flatMap({ Double($0) ?? self.seconds(ofTime: $0) }) != number {
                    combined.append(setting(written, described: "\(path).\(SceneKey.spring).\(key)", to: new))
                }
            } else {
                missing.append(SceneEntry(key, value(key, number)))
            }
        }
        // Keys not written yet go in one insertion each, after the written ones.
        let springDefinition = resolved(spring)
        var insertions: [SceneEdit] = []
        for entry in missing {
            guard case let .success(edit) = insertingEntry(entry, intoMap: springDefinition) else {
                return .failure(.unsupportedLayout("'\(path)' is written in a way the editor cannot add '\(entry.key)' to"))
            }
            insertions.append(edit)
        }
        // Several insertions at one place would interleave: written as one in order.
        if insertions.count > 1, let first = insertions.first?.edits.first {
            var merged = first
            merged.replacement = insertions.map { $0.edits.first?.replacement ?? "" }.joined()
            insertions = [SceneEdit(message: insertions[0].message, edits: [merged], places: insertions[0].places, target: insertions[0].target)]
        }
        return combine(combined + insertions, message: "set the spring at '\(path)'", target: target)
    }

    /// `entry` added to the map node `map` (not a path: a map a var defines has none).
    private func insertingEntry(_ entry: SceneEntry, intoMap map: SceneNodeID) -> Result<SceneEdit, SceneEditFailure> {
        guard case let .map(written) = self[map].kind, let last = written.last else {
            if self[map].style == .flow {
                let text = SceneWriter.inline(.map([entry], .flow)).dropFirst().dropLast()
                return .success(SceneEdit(message: "add '\(entry.key)'", edits: [FixIt.Edit(range: SourceRange(location(self[map].bytes.lowerBound + 1)), replacement: String(text))],
                    places: places(readingDefinition: map), target: map))
            }
            return .failure(.unsupportedLayout("an empty block map"))
        }
        if self[map].style == .flow {
            let text = SceneWriter.inline(.map([entry], .flow)).dropFirst().dropLast()
            return .success(SceneEdit(message: "add '\(entry.key)'", edits: [FixIt.Edit(range: SourceRange(location(self[last.value].bytes.upperBound)), replacement: ", " + text)],
                places: places(readingDefinition: map), target: map))
        }
        let indent = self[last.key].range.start.column - 1
        let lines = SceneWriter.lines([entry], indent: indent)
        return .success(SceneEdit(message: "add '\(entry.key)'", edits: [insertion(lines, afterLineOf: self[last.value].bytes.upperBound)],
            places: places(readingDefinition: map), target: map))
    }

    /// Several edits as one: their text edits together (they never overlap: each replaces its
    /// own node), the most places any of them moves.
    private func combine(_ edits: [SceneEdit], message: String, target: SceneNodeID) -> Result<SceneEdit, SceneEditFailure> {
        guard !edits.isEmpty else { return .failure(.unsupportedLayout("nothing to change: '\(message)' is what the file says")) }
        if edits.count == 1 { return .success(edits[0]) }
        let places = edits.map(\.places).max() ?? 1
        return .success(SceneEdit(message: message + (places > 1 ? " (\(places) places read it)" : ""),
            edits: edits.flatMap(\.edits).sorted { $0.range.start < $1.range.start }, places: places, target: target))
    }

    private func moving(
        _ id: String, in state: String, dx: Double, dy: Double, snap: Bool, position: (String, String) -> (x: Double, y: Double)?
    ) -> Result<SceneEdit, SceneEditFailure> {
        let statePath = ScenePath([.key(SceneKey.states.text), .key(state)])
        guard let stateMap = node(at: statePath), self[resolved(stateMap)].isMap else { return .failure(.noSuchPath(statePath)) }
        guard nodeMap(id: id) != nil else { return .failure(.noSuchNode(id)) }
        let decimals = snap ? 0 : 2
        let nodePath = statePath.appending(.key(id))
        if let pose = node(at: nodePath) {
            for key in [SceneKey(.offset), SceneKey(.position)] {
                guard let written = value(key, in: pose) else { continue }
                let components = items(definition(of: written))
                guard components.count == 2 else {
                    return .failure(.unsupportedLayout("'\(nodePath.appending(key))' is not written [x, y]; edit it in the file"))
                }
                var edits: [SceneEdit] = []
                for (index, delta) in [dx, dy].enumerated() where rounded(delta, decimals: decimals) != 0 {
                    let component = definition(of: components[index])
                    guard let old = scalar(component).flatMap(Double.init) else {
                        return .failure(.unsupportedLayout(
                            "\(id)'s \(key) in '\(state)' is written '\(text(components[index]).prefix(60))', not a number; edit it in the file"))
                    }
                    edits.append(setting(components[index], described: "\(nodePath.appending(key))[\(index)]", to: .number(rounded(old + delta, decimals: decimals))))
                }
                return combine(edits, message: "move \(id) in '\(state)'", target: written)
            }
            guard let (x, y) = position(state, id) else { return .failure(.unsupportedLayout("the position of \(id) in '\(state)' is not known")) }
            let point = SceneValue.point(Point(rounded(x + dx, decimals: decimals), rounded(y + dy, decimals: decimals)))
            return inserting(SceneKey(.position), point, into: nodePath)
        }
        guard let (x, y) = position(state, id) else { return .failure(.unsupportedLayout("the position of \(id) in '\(state)' is not known")) }
        let point = SceneValue.point(Point(rounded(x + dx, decimals: decimals), rounded(y + dy, decimals: decimals)))
        return inserting(SceneKey(name: id), .map([SceneEntry(SceneKey(.position), point)], .flow), into: statePath)
    }
}
