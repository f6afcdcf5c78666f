import ChoreoJSON
import ChoreoTimeline

/// The compiled timeline as JSON (`choreo compile --emit timeline`): a complete, readable and
/// deterministic dump of the IR, for debugging lowering and for golden tests.
///
/// Every number has 6 decimals at most. An animatable property is written as its value when it is
/// constant, else as `{"initial": value, "segments": [{start, end, from, to, easing}]}`. Points
/// are `[x, y]`, colours `[r, g, b, a]` in 0…1, easings `"linear"`, `"hold"` or
/// `{"cubic-bezier": [x1, y1, x2, y2]}`.
public enum TimelineJSON {
    /// The format version written as `"choreo-timeline"`.
    public static let version = 1

    public static func document(_ timeline: Timeline) -> JSONValue {
        .object([
            ("choreo-timeline", .int(version)),
            ("name", .string(timeline.name)),
            ("size", .array([number(timeline.width), number(timeline.height)])),
            ("fps", number(timeline.fps)),
            ("duration", number(timeline.duration)),
            ("frames", .int(timeline.frameCount)),
            ("background", timeline.background.map(color) ?? .null),
            ("title", .string(timeline.title)),
            ("static", .bool(timeline.isStatic)),
            ("initial", optional(timeline.initialState)),
            ("spans", .array(timeline.spans.map { span($0, frames: timeline.frames(of: $0)) })),
            ("stateMachine", timeline.stateMachine.map(stateMachine) ?? .null),
            ("themes", timeline.themes.map { themes($0, backgroundSlot: timeline.backgroundSlot) } ?? .null),
        ] + (timeline.tokens.flatMap { tokens in
            // The inputs of a scene with states are the machine's; tokens are written when
            // something follows them or when there is no machine to name them.
            tokens.tracks.isEmpty && tokens.texts.isEmpty && timeline.stateMachine != nil ? nil : [("tokens", self.tokens(tokens))]
        } ?? []) + [
            ("layers", .array(timeline.layers.map(node))),
        ])
    }

    /// The inputs, and per bound track how each input moves its numbers (`Tokens`).
    private static func tokens(_ tokens: Tokens) -> JSONValue {
        .object([
            ("inputs", .array(MachineJSON.inputs(tokens.inputs))),
            ("tracks", .array(tokens.tracks.map { track in
                var fields: [(String, JSONValue)] = [
                    ("slot", .string(track.slot)), ("path", .array(track.path.map { .int($0) })), ("track", .string(track.place.tokenName)),
                ]
                if let glide = track.glide {
                    fields.append(("glide", .object([("duration", number(glide.duration)), ("progress", unslotted(glide.progress, number))])))
                }
                fields.append(("dependences", .array(track.dependences.map { dependence in
                    switch dependence.change {
                    case let .affine(coefficients):
                        .object([("input", .string(dependence.input)), ("coefficients", .array(coefficients.map { .array($0.map(number)) }))])
                    case let .table(rows):
                        .object([("input", .string(dependence.input)), ("rows", .array(rows.map { .array($0.map(number)) }))])
                    }
                })))
                return .object(fields)
            })),
        ] + (tokens.texts.isEmpty ? [] : [("texts", .array(tokens.texts.map { text in
            .object([
                ("node", .string(text.node)), ("inputs", .array(text.inputs.map { .string($0) })),
                ("characters", .string(String(text.characters))), ("pitch", number(text.pitch)),
                ("cells", .array(text.cells.map { .object([("slot", .string($0.slot)), ("path", .array($0.path.map { .int($0) }))]) })),
            ])
        }))]))
    }

    public static func encode(_ timeline: Timeline, pretty: Bool = true) -> String {
        JSONWriter(pretty: pretty, decimals: 6).string(document(timeline))
    }

    private static func number(_ value: Double) -> JSONValue { .decimal(value, places: 6) }

    private static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    private static func span(_ span: Span, frames: (start: Int, end: Int)) -> JSONValue {
        // Every span has every member (null where its kind has no such data): the format predates
        // `Span.Role`, and readers match on the members, not on the kind.
        var label: String?, plays: String?, fromState: String?, toState: String?, trigger: Trigger?
        switch span.role {
        case let .pose(poseLabel, played): (label, plays) = (poseLabel, played)
        case let .transition(from, to, on): (fromState, toState, trigger) = (from, to, on)
        case .timeline: break
        }
        return .object([
            ("name", .string(span.name)),
            ("kind", .string(span.kind.rawValue)),
            ("start", number(span.start)),
            ("end", number(span.end)),
            ("startFrame", .int(frames.start)),
            ("endFrame", .int(frames.end)),
            ("loops", .bool(span.loops)),
            ("label", optional(label)),
            ("plays", optional(plays)),
            ("fromState", optional(fromState)),
            ("toState", optional(toState)),
            ("trigger", optional(trigger?.rawValue)),
        ] + (span.kind == .pose || span.reducedMotion == .fade ? [] : [("reducedMotion", .string(span.reducedMotion.rawValue))]))
    }

    private static func themes(_ themes: Themes, backgroundSlot: String?) -> JSONValue {
        func value(_ slot: SlotValue) -> JSONValue {
            switch slot {
            case let .color(track): return .object([("color", animated(track, color))])
            case let .opacity(track): return .object([("opacity", animated(track, number))])
            case let .length(track): return .object([("length", animated(track, number))])
            }
        }
        return .object([
            ("names", .array(themes.names.map { .string($0) })),
            ("backgroundSlot", optional(backgroundSlot)),
            ("slots", .array(themes.slots.map { slot in
                .object([
                    ("id", .string(slot.id)),
                    ("default", value(slot.defaultValue)),
                    ("themes", .object(themes.names.compactMap { name in slot.values[name].map { (name, value($0)) } })),
                ])
            })),
        ])
    }

    private static func stateMachine(_ machine: StateMachine) -> JSONValue {
        .object([
            ("initial", .string(machine.initial)),
            ("states", .array(machine.states.map { state in
                .object([
                    ("name", .string(state.name)),
                    ("label", optional(state.label)),
                    ("pose", .string(state.pose)),
                    ("play", state.play.map { play in
                        .object([("span", .string(play.span)), ("loops", .bool(play.loops))] + (play.bind.map { [("bind", .string($0))] } ?? []))
                    } ?? .null),
                ])
            })),
            ("transitions", .array(machine.transitions.map { transition in
                .object([
                    ("name", .string(transition.name)),
                    ("from", .string(transition.from)),
                    ("to", .string(transition.to)),
                    ("trigger", .string(transition.trigger.rawValue)),
                    ("span", .string(transition.span)),
                ] + (transition.exit == .now ? [] : [("exit", .string(transition.exit.rawValue))])
                    + touchMembers(transition)
                    + MachineJSON.transitionMembers(transition))
            })),
        ] + MachineJSON.machineMembers(machine))
    }

    /// `target`, `hit`, `interrupt` and `restsAfter`, each where it is not the default.
    private static func touchMembers(_ transition: StateMachine.Transition) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let target = transition.target {
            members.append(("target", .string(target.node)))
            if target.hit != .shape { members.append(("hit", .string(target.hit.rawValue))) }
        }
        if transition.interrupt != .retarget { members.append(("interrupt", .string(transition.interrupt.rawValue))) }
        if let rest = transition.restsAfter { members.append(("restsAfter", .number(rest))) }
        return members
    }

    private static func node(_ node: Node) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(node.id)),
            ("transform", transform(node.transform)),
        ]
        switch node.content {
        case let .shape(geometry, style):
            members.append(("geometry", self.geometry(geometry)))
            members.append(("style", self.style(style)))
        case let .group(children):
            members.append(("children", .array(children.map(self.node))))
        }
        if let repeatInfo = node.repeat {
            members.append(("repeat", self.repeat(repeatInfo)))
        }
        if let clip = node.clip {
            members.append(("clip", .object([("geometry", geometry(clip.geometry)), ("transform", transform(clip.transform))])))
        }
        if let effects = node.effects {
            members.append(("effects", self.effects(effects)))
        }
        if let parent = node.parent { members.append(("parent", .string(parent))) }
        if let window = node.window {
            members.append(("window", .array(window.intervals.map { .array([number($0.start), number($0.end)]) })))
        }
        if node.blend != .normal { members.append(("blend", .string(node.blend.rawValue))) }
        if !node.masks.isEmpty {
            members.append(("masks", .array(node.masks.map { mask in
                .object([
                    ("mode", .string(mask.mode.rawValue)), ("inverted", .bool(mask.inverted)), ("geometry", geometry(mask.geometry)),
                    ("transform", transform(mask.transform)), ("expand", animated(mask.expand, number)),
                ])
            })))
        }
        if let matte = node.matte {
            members.append(("matte", .object([("mode", .string(matte.mode.rawValue)), ("node", self.node(matte.source))])))
        }
        return .object(members)
    }

    private static func effects(_ effects: Effects) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let blur = effects.blur { members.append(("blur", animated(blur, number))) }
        if let shadow = effects.shadow {
            members.append(("shadow", .object([
                ("color", animated(shadow.color, color)), ("offset", animated(shadow.offset, point)),
                ("blur", animated(shadow.blur, number)),
            ])))
        }
        return .object(members)
    }

    private static func transform(_ transform: Transform) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("anchor", animated(transform.anchor, point)),
            ("position", animated(transform.position, point)),
            ("rotation", animated(transform.rotation, number)),
            ("scale", animated(transform.scale, point)),
            ("offset", animated(transform.offset, point)),
            ("opacity", animated(transform.opacity, number)),
        ]
        if let axes = transform.axes {
            members.append(("positionAxes", .object([("x", animated(axes.x, number)), ("y", animated(axes.y, number))])))
        }
        if transform.autoOrient { members.append(("orient", "auto")) }
        return .object(members)
    }

    private static func geometry(_ geometry: Geometry) -> JSONValue {
        switch geometry {
        case let .rect(size, cornerRadius):
            return .object([
                ("type", "rect"), ("size", animated(size, point)), ("cornerRadius", animated(cornerRadius, number)),
            ])
        case let .ellipse(size):
            return .object([("type", "ellipse"), ("size", animated(size, point))])
        case let .polygon(sides, radius, innerRadius):
            return .object([
                ("type", "polygon"), ("sides", .int(sides)), ("radius", animated(radius, number)),
                ("innerRadius", innerRadius.map { animated($0, number) } ?? .null),
            ])
        case let .path(shape):
            return .object([("type", "path"), ("shape", animated(shape, path))])
        }
    }

    private static func style(_ style: Style) -> JSONValue {
        .object([
            ("fill", style.fill.map(paint) ?? .null),
            ("fillRule", .string(style.fillRule.rawValue)),
            ("stroke", style.stroke.map(stroke) ?? .null),
            ("trim", style.trim.map(trim) ?? .null),
        ])
    }

    private static func paint(_ paint: Paint) -> JSONValue {
        switch paint {
        case let .color(value):
            return .object([("type", "color"), ("color", animated(value, color))])
        case let .linearGradient(from, to, stops):
            return .object([
                ("type", "linear-gradient"), ("from", animated(from, point)), ("to", animated(to, point)),
                ("stops", animated(stops, gradientStops)),
            ])
        case let .radialGradient(center, radius, stops):
            return .object([
                ("type", "radial-gradient"), ("center", animated(center, point)), ("radius", animated(radius, number)),
                ("stops", animated(stops, gradientStops)),
            ])
        }
    }

    private static func stroke(_ stroke: Stroke) -> JSONValue {
        .object([
            ("paint", paint(stroke.paint)),
            ("width", animated(stroke.width, number)),
            ("cap", .string(stroke.cap.rawValue)),
            ("join", .string(stroke.join.rawValue)),
            ("miterLimit", number(stroke.miterLimit)),
            ("dash", .array(stroke.dash.map(number))),
        ])
    }

    private static func trim(_ trim: Trim) -> JSONValue {
        .object([
            ("start", animated(trim.start, number)),
            ("end", animated(trim.end, number)),
            ("offset", animated(trim.offset, number)),
        ])
    }

    private static func `repeat`(_ info: Repeat) -> JSONValue {
        .object([
            ("count", .int(info.count)),
            ("anchor", point(info.anchor)),
            ("rotation", number(info.rotation)),
            ("offset", point(info.offset)),
            ("scale", point(info.scale)),
            ("opacity", .array([number(info.startOpacity), number(info.endOpacity)])),
        ])
    }

    /// A themed property is `{"slot": ID, "value": …}` around the default theme's value.
    private static func animated<Value>(_ track: Animated<Value>, _ encode: (Value) -> JSONValue) -> JSONValue {
        guard let slot = track.slot else { return unslotted(track, encode) }
        return .object([("slot", .string(slot)), ("value", unslotted(track, encode))])
    }

    private static func unslotted<Value>(_ track: Animated<Value>, _ encode: (Value) -> JSONValue) -> JSONValue {
        guard !track.segments.isEmpty else { return encode(track.initial) }
        return .object([
            ("initial", encode(track.initial)),
            (
                "segments",
                .array(
                    track.segments.map { segment in
                        .object([
                            ("start", number(segment.start)),
                            ("end", number(segment.end)),
                            ("from", encode(segment.from)),
                            ("to", encode(segment.to)),
                            ("easing", easing(segment.easing)),
                        ] + (segment.spatial.map { [("path", .object([("out", point($0.out)), ("in", point($0.in))]))] } ?? []))
                    })
            ),
        ])
    }

    private static func easing(_ easing: Easing) -> JSONValue {
        switch easing {
        case .linear: return "linear"
        case .hold: return "hold"
        case let .cubic(x1, y1, x2, y2):
            return .object([("cubic-bezier", .array([number(x1), number(y1), number(x2), number(y2)]))])
        }
    }

    private static func point(_ p: Point) -> JSONValue { .array([number(p.x), number(p.y)]) }

    private static func color(_ c: RGBA) -> JSONValue { .array([number(c.r), number(c.g), number(c.b), number(c.a)]) }

    private static func path(_ shape: PathShape) -> JSONValue {
        .array(
            shape.contours.map { contour in
                .object([
                    ("closed", .bool(contour.closed)),
                    (
                        "vertices",
                        .array(
                            contour.vertices.map { vertex in
                                .object([
                                    ("point", point(vertex.point)), ("in", point(vertex.inTangent)),
                                    ("out", point(vertex.outTangent)),
                                ])
                            })
                    ),
                ])
            })
    }

    private static func gradientStops(_ stops: GradientStops) -> JSONValue {
        .array(stops.stops.map { .object([("offset", number($0.offset)), ("color", color($0.color))]) })
    }
}
