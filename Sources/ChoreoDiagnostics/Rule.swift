/// Every rule a diagnostic can name: the catalogue the docs, the tests and the tools share.
///
/// The raw value is the stable id printed in brackets, written to JSON, SARIF and the language
/// server, and the heading of the rule's section in the docs (`documentation`). A rule id never
/// changes meaning once released. Adding a rule: a case here and its line in `entry` (stage,
/// severity, summary), a section in the page `documentationPage` names, and a fixture in
/// `Tests/ChoreoSceneTests/Fixtures/invalid/` (or, for a rule no scene file can trigger, an entry
/// in `rulesTestedInCode` of the catalogue tests); those tests check all three.
public enum Rule: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    // The YAML reader (docs/diagnostics-yaml.md).
    case invalidUTF8 = "invalid-utf8"
    case emptyFile = "empty-file"
    case multipleDocuments = "multiple-documents"
    case tabIndentation = "tab-indentation"
    case yamlSyntax = "yaml-syntax"
    case duplicateKey = "duplicate-key"
    case undefinedAlias = "undefined-alias"
    case invalidMerge = "invalid-merge"
    case fileTooLarge = "file-too-large"
    case nestingTooDeep = "nesting-too-deep"
    case tooManyNodes = "too-many-nodes"

    // The front end: schema, values, references, scene limits.
    case completeCycle = "complete-cycle"
    case conflictingKeys = "conflicting-keys"
    case duplicateID = "duplicate-id"
    case duplicateTransition = "duplicate-transition"
    case expressionSyntax = "expression-syntax"
    case identifierTooLong = "identifier-too-long"
    case invalidColor = "invalid-color"
    case invalidEasing = "invalid-easing"
    case invalidIdentifier = "invalid-identifier"
    case invalidPathData = "invalid-path-data"
    case keyframeOrder = "keyframe-order"
    case keyframeOutsideTimeline = "keyframe-outside-timeline"
    case missingKey = "missing-key"
    case missingUnit = "missing-unit"
    case morphMismatch = "morph-mismatch"
    case nonFinite = "non-finite"
    case offCanvas = "off-canvas"
    case implicitAnchor = "implicit-anchor"
    case outOfRange = "out-of-range"
    case outputTooLarge = "output-too-large"
    case themeInvalid = "theme-invalid"
    case themeNotSlottable = "theme-not-slottable"
    case tooManyBakedKeyframes = "too-many-baked-keyframes"
    case tooManyCopies = "too-many-copies"
    case tooManyKeyframes = "too-many-keyframes"
    case tooManySceneNodes = "too-many-scene-nodes"
    case tooManyThemes = "too-many-themes"
    case tooManyVertices = "too-many-vertices"
    case transitionKeyframeEnd = "transition-keyframe-end"
    case tweenOutsideTimeline = "tween-outside-timeline"
    case undefinedVar = "undefined-var"
    case unitMismatch = "unit-mismatch"
    case unknownEasing = "unknown-easing"
    case unknownKey = "unknown-key"
    case unknownNode = "unknown-node"
    case unknownProperty = "unknown-property"
    case unknownState = "unknown-state"
    case unknownTimeline = "unknown-timeline"
    case unknownUnit = "unknown-unit"
    case unknownValue = "unknown-value"
    case unreachableState = "unreachable-state"
    case unsupportedVersion = "unsupported-version"
    case unusedTiming = "unused-timing"
    case invalidRepeatFill = "invalid-repeat-fill"
    case valueTooLarge = "value-too-large"
    case varCycle = "var-cycle"
    case wrongType = "wrong-type"
    case wrongUnit = "wrong-unit"
    case wrongVarType = "wrong-var-type"
    case invalidBudget = "invalid-budget"
    case clipShape = "clip-shape"
    case clipStyle = "clip-style"
    case clipInRepeat = "clip-in-repeat"
    case layerReference = "layer-reference"
    case layerCycle = "layer-cycle"
    case unknownComponent = "unknown-component"
    case groupGradientTransform = "group-gradient-transform"
    case artworkNotFound = "artwork-not-found"
    case svgRefused = "svg-refused"
    case svgUnsupported = "svg-unsupported"
    case lottieRefused = "lottie-refused"
    case lottieUnsupported = "lottie-unsupported"
    case artworkIDClash = "artwork-id-clash"
    case fontNotFound = "font-not-found"
    case fontUnreadable = "font-unreadable"
    case unknownFontWeight = "unknown-font-weight"
    case missingGlyph = "missing-glyph"
    case textTooWide = "text-too-wide"
    case fontFromSystem = "font-from-system"
    case mixedTextChange = "mixed-text-change"
    case unusedTextChange = "unused-text-change"
    case perGlyphUnsupported = "per-glyph-unsupported"
    case unknownInput = "unknown-input"
    case inputType = "input-type"
    case guardNeverHolds = "guard-never-holds"
    case guardCycle = "guard-cycle"
    case dotLottieUnsupported = "dotlottie-unsupported"
    case boundTimelineLoops = "bound-timeline-loops"
    case playListDuplicate = "play-list-duplicate"
    case playListBind = "play-list-bind"
    case layeredPlayUnsupported = "layered-play-unsupported"
    case exitWithoutLoop = "exit-without-loop"
    case bindingPlace = "binding-place"
    case bindingKind = "binding-kind"
    case bindingValues = "binding-values"
    case bindingMotion = "binding-motion"
    case bindingNotInLottie = "binding-not-in-lottie"
    case targetTrigger = "target-trigger"

    // Lowering the scene model to the timeline.
    case loopFrames = "loop-frames"
    case loopSeam = "loop-seam"
    case timelineEndsOffPose = "timeline-ends-off-pose"

    // Player targets (`compile --target`).
    case androidGroupOpacity = "android-group-opacity"
    case iosStrokeNonuniformScale = "ios-stroke-nonuniform-scale"
    case tgsTooLong = "tgs-too-long"
    case tgsTooLarge = "tgs-too-large"
    case tgsClip = "tgs-clip"
    case lottieJump = "lottie-jump"
    case overBudget = "over-budget"
    case renderTooLarge = "render-too-large"
    case effectNotDrawn = "effect-not-drawn"
    case bindingWithoutSlots = "binding-without-slots"
    case maskNotDrawn = "mask-not-drawn"
    case tgsCompositing = "tgs-compositing"

    // The report itself.
    case tooManyDiagnostics = "too-many-diagnostics"

    /// The part of the compiler that reports a rule.
    public enum Stage: String, Sendable {
        /// `ChoreoYAML`, documented in docs/diagnostics-yaml.md.
        case yaml
        /// The front end (`ChoreoScene/Frontend`, `Values`) and the scene limits.
        case scene
        /// `ChoreoScene/Lowering`.
        case lowering
        /// `compileScene(_:target:)`'s player checks and the CLI's sticker size check, only with `compile --target`;
        /// and the CLI's size budget (`budget:`, `--budget`), on the files compiled; `choreo render`'s pixel limit.
        case target
        /// The report (`cappedPerFile`), not any one check.
        case report
    }

    public var stage: Stage { entry.stage }

    /// The severity every diagnostic of this rule has.
    public var severity: Severity { entry.severity }

    /// One line saying what the rule finds; the docs section says the rest.
    public var summary: String { entry.summary }

    /// One line per rule, so that adding a rule adds a line.
    private var entry: (stage: Stage, severity: Severity, summary: String) {
        switch self {
        case .invalidUTF8: (.yaml, .error, "the file is not valid UTF-8")
        case .emptyFile: (.yaml, .error, "the file holds no YAML document")
        case .multipleDocuments: (.yaml, .error, "the file holds more than one YAML document")
        case .tabIndentation: (.yaml, .error, "a tab is used for indentation")
        case .yamlSyntax: (.yaml, .error, "the YAML cannot be read")
        case .duplicateKey: (.yaml, .error, "a key appears twice in one map")
        case .undefinedAlias: (.yaml, .error, "an alias names an anchor not defined before it")
        case .invalidMerge: (.yaml, .error, "a `<<` merge value is not a map or a list of maps")
        case .fileTooLarge: (.yaml, .error, "the file is larger than the reader accepts")
        case .nestingTooDeep: (.yaml, .error, "collections or an expression are nested too deep")
        case .tooManyNodes: (.yaml, .error, "the document has too many nodes once aliases are expanded")
        case .completeCycle: (.scene, .error, "transitions on `complete` lead round in a cycle")
        case .conflictingKeys: (.scene, .error, "two keys that exclude each other are both given")
        case .duplicateID: (.scene, .error, "two nodes have the same id")
        case .duplicateTransition: (.scene, .error, "two transitions leave one state on one trigger")
        case .expressionSyntax: (.scene, .error, "a number expression cannot be read")
        case .identifierTooLong: (.scene, .error, "an identifier is longer than 128 characters")
        case .invalidColor: (.scene, .error, "a colour cannot be read")
        case .invalidEasing: (.scene, .error, "an easing map is malformed")
        case .invalidIdentifier: (.scene, .error, "a name is not an identifier")
        case .invalidPathData: (.scene, .error, "SVG path data cannot be read or draws nothing")
        case .keyframeOrder: (.scene, .error, "keyframes of one property are not in increasing time")
        case .keyframeOutsideTimeline: (.scene, .error, "a keyframe lies after the end of its timeline")
        case .missingKey: (.scene, .error, "a required key is missing")
        case .missingUnit: (.scene, .error, "a time or an angle is a bare number")
        case .morphMismatch: (.scene, .error, "a path with morph: index, or a gradient, has poses that differ in structure")
        case .nonFinite: (.scene, .error, "a value is infinite or not a number")
        case .offCanvas: (.scene, .warning, "a node lies entirely outside the canvas")
        case .implicitAnchor: (.scene, .warning, "a node's anchor is likely not the point the scene means")
        case .outOfRange: (.scene, .error, "a number is outside what its key allows")
        case .outputTooLarge: (.scene, .error, "the outputs would be too large")
        case .themeInvalid: (.scene, .error, "the scene has errors with one theme's values")
        case .themeNotSlottable: (.scene, .error, "a theme changes something the outputs cannot swap at run time")
        case .tooManyBakedKeyframes: (.scene, .error, "easings expand into too many keyframes")
        case .tooManyCopies: (.scene, .error, "repeats draw too many copies")
        case .tooManyKeyframes: (.scene, .error, "the timelines hold too many keyframes and tweens")
        case .tooManySceneNodes: (.scene, .error, "the scene has too many nodes")
        case .tooManyThemes: (.scene, .error, "the scene has too many themes")
        case .tooManyVertices: (.scene, .error, "the paths have too many vertices in all")
        case .transitionKeyframeEnd: (.scene, .error, "a transition's last keyframe is not its destination pose")
        case .tweenOutsideTimeline: (.scene, .error, "a tween lies outside its timeline")
        case .undefinedVar: (.scene, .error, "a `$var` is not defined")
        case .unitMismatch: (.scene, .error, "an expression combines values of different units")
        case .unknownEasing: (.scene, .error, "an easing name is unknown")
        case .unknownKey: (.scene, .error, "a key means nothing where it is written")
        case .unknownNode: (.scene, .error, "a node id that no node has")
        case .unknownProperty: (.scene, .error, "a real key that does not apply here")
        case .unknownState: (.scene, .error, "a state that does not exist")
        case .unknownTimeline: (.scene, .error, "a timeline that does not exist")
        case .unknownUnit: (.scene, .error, "a unit Choreo does not know")
        case .unknownValue: (.scene, .error, "a keyword outside its list")
        case .unreachableState: (.scene, .warning, "a state no transition leads to")
        case .unsupportedVersion: (.scene, .error, "a format version this compiler does not read")
        case .unusedTiming: (.scene, .warning, "a transition times a property its states do not change")
        case .invalidRepeatFill: (.scene, .error, "`repeat.fill` has no solid fill to colour, or the fill is animated")
        case .valueTooLarge: (.scene, .error, "a number is larger than any scene needs")
        case .varCycle: (.scene, .error, "vars refer to each other in a circle")
        case .wrongType: (.scene, .error, "a value has the wrong shape")
        case .wrongUnit: (.scene, .error, "a value has the wrong unit")
        case .wrongVarType: (.scene, .error, "a `$var` holds another kind of value than its place needs")
        case .invalidBudget: (.scene, .error, "a size budget is not a size such as 64KiB")
        case .clipShape: (.scene, .error, "a clip is not one shape (a list, a group)")
        case .clipStyle: (.scene, .error, "a clip has a style key, which does nothing to a clip")
        case .clipInRepeat: (.scene, .error, "a node is clipped inside a repeated group")
        case .layerReference: (.scene, .error, "a parent or matte is not a sibling of its node")
        case .layerCycle: (.scene, .error, "nodes are each other's parents")
        case .unknownComponent: (.scene, .error, "a node uses a component the scene does not define")
        case .groupGradientTransform: (.scene, .error, "a group's gradient cannot follow a child's uneven scale or motion")
        case .artworkNotFound: (.scene, .error, "an `artwork:` file that does not exist or lies outside the scene's folder")
        case .svgRefused: (.scene, .error, "an SVG the importer will not read (malformed, hostile, too large), or no element with the `#id`")
        case .svgUnsupported: (.scene, .warning, "an SVG element a scene cannot hold, left out of the drawing")
        case .lottieRefused: (.scene, .error, "a Lottie document or dotLottie archive the importer will not read (malformed, not Lottie, too large)")
        case .lottieUnsupported: (.scene, .warning, "something of a Lottie document a scene cannot hold, left out or drawn otherwise")
        case .artworkIDClash: (.scene, .error, "an element of an `artwork:` SVG has the id of another node")
        case .fontNotFound: (.scene, .error, "a font file that does not exist, or a family no installed font has")
        case .fontUnreadable: (.scene, .error, "a font file that is no font, or larger than 32 MiB")
        case .unknownFontWeight: (.scene, .error, "a weight the font does not have, or no weight name")
        case .missingGlyph: (.scene, .error, "text with characters the font has no glyph for")
        case .textTooWide: (.scene, .error, "a word wider than the text's max-width")
        case .fontFromSystem: (.scene, .warning, "a font found by family name, which depends on the machine's installed fonts")
        case .mixedTextChange: (.scene, .error, "a text that morphs in one transition and fades or rolls in another")
        case .unusedTextChange: (.scene, .warning, "a transition's `change:` where no text changes")
        case .perGlyphUnsupported: (.scene, .error, "per-glyph motion on a text that morphs between states")
        case .unknownInput: (.scene, .error, "a guard or an action names an input the scene does not declare")
        case .inputType: (.scene, .error, "an input is compared with, or set to, a value of another kind")
        case .guardNeverHolds: (.scene, .warning, "a `when:` guard can never hold")
        case .guardCycle: (.scene, .error, "transitions without a trigger whose guards can hold at once lead round in a cycle")
        case .dotLottieUnsupported: (.scene, .error, "a guard or an action that the dotLottie state machine would read otherwise")
        case .boundTimelineLoops: (.scene, .error, "a timeline bound to an input with `bind:` also loops")
        case .playListDuplicate: (.scene, .error, "a `play:` list names one timeline twice")
        case .playListBind: (.scene, .error, "a timeline bound to an input with `bind:` in a `play:` list")
        case .layeredPlayUnsupported: (.scene, .error, "a state plays several timelines at once, which no output draws yet")
        case .exitWithoutLoop: (.scene, .warning, "`exit:` on a transition out of a state that loops no timeline")
        case .bindingPlace: (.scene, .error, "a binding where no value can change (a time, a count, a style keyword)")
        case .bindingKind: (.scene, .error, "a binding to an input of the wrong kind for the value, or `to:` on an input that is not a number")
        case .bindingValues: (.scene, .error, "a binding's `values:` that misses a choice or names one the input does not have")
        case .bindingMotion: (.lowering, .error, "an input that changes how the scene moves (its keyframes, its nodes), not only its values")
        case .bindingNotInLottie: (.lowering, .warning, "a bound value the Lottie outputs cannot carry as a slot the players draw, shown there at its default")
        case .targetTrigger: (.scene, .error, "`target:` on a transition that no pointer fires")
        case .loopFrames: (.lowering, .warning, "a looping timeline is not a whole number of frames")
        case .loopSeam: (.lowering, .warning, "a looping timeline jumps at its seam")
        case .timelineEndsOffPose: (.lowering, .warning, "a timeline a state plays once ends away from the state's pose, which snaps back when the state is left")
        case .androidGroupOpacity: (.target, .error, "lottie-android fades overlapping fills and strokes separately")
        case .iosStrokeNonuniformScale: (.target, .error, "lottie-ios draws a stroke under uneven scale differently")
        case .tgsTooLong: (.target, .error, "a Telegram sticker lasts more than 3 seconds")
        case .tgsTooLarge: (.target, .error, "a Telegram sticker is larger than 64 KiB")
        case .tgsClip: (.target, .error, "a Telegram sticker may not use a clip (a mask)")
        case .lottieJump: (.target, .warning, "a transition out of a played, looping or bound timeline jumps to the state's pose in plain Lottie")
        case .overBudget: (.target, .error, "a compiled Lottie, TGS or dotLottie file is larger than its size budget")
        case .renderTooLarge: (.target, .error, "a picture or clip `choreo render` would draw has more pixels than its limit")
        case .effectNotDrawn: (.target, .error, "the target player draws no blur or no shadow")
        case .bindingWithoutSlots: (.target, .error, "a binding on a player family that reads no slots, where the value cannot follow the input")
        case .maskNotDrawn: (.target, .error, "the target player draws a mask's mode, opacity or expansion otherwise")
        case .tgsCompositing: (.target, .error, "a Telegram sticker may not use a mask, a matte or a blend mode")
        case .tooManyDiagnostics: (.report, .note, "more diagnostics in the file than are printed")
        }
    }

    /// The docs page, relative to `docs/`, whose section ``## `rule-id` `` documents the rule.
    public var documentationPage: String { stage == .yaml ? "diagnostics-yaml.md" : "diagnostics.md" }

    /// The section's anchor in its page (a heading ``## `rule-id` `` becomes `#rule-id`).
    public var documentationAnchor: String { rawValue }

    /// The page and anchor, for example `diagnostics.md#unknown-key`.
    public var documentation: String { documentationPage + "#" + documentationAnchor }

    public var description: String { rawValue }

    public static func < (a: Rule, b: Rule) -> Bool { a.rawValue < b.rawValue }
}
