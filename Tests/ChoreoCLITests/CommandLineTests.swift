import Foundation
import Testing

// Help, version and usage errors: everything decided by the command line alone.

@Test func versionPrintsTheVersionConstant() throws {
    let result = try Sandbox().run(["--version"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "choreo 0.1.0\n")
    #expect(result.stderr == "")
}

@Test(arguments: [["--help"], ["-h"], ["help"]])
func globalHelpListsEveryCommand(arguments: [String]) throws {
    let result = try Sandbox().run(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("choreo 0.1.0: "))
    #expect(result.stdout.contains("usage: choreo <command> [options]"))
    for command in ["compile", "lint", "snapshot", "preview"] {
        #expect(result.stdout.contains("\n  \(command) "), "help does not list \(command)")
    }
    #expect(result.stderr == "")
}

@Test(arguments: [
    ("compile", "usage: choreo compile PATH... [-o DIR] [--emit lottie,dotlottie,svg,svg-reel,timeline,swift-api,ts-api] [--theme NAME] [--pretty] [--jobs N] [--target TARGET] [--depfile FILE] [--watch] [--budget SIZE]"),
    ("lint", "usage: choreo lint PATH... [--format text|json|github|sarif] [--strict] [--fix] [--target TARGET]"),
    ("snapshot", "usage: choreo snapshot FILE (--at TIME | --state NAME) [--input NAME=VALUE]... [--theme NAME] -o OUT.svg"),
    ("preview", "usage: choreo preview FILE (-o DIR | --serve [--port N] [--read-only]) [--input NAME=VALUE]..."),
])
func commandHelpStartsWithItsUsageLine(command: String, usage: String) throws {
    let sandbox = try Sandbox()
    let viaFlag = try sandbox.run([command, "--help"])
    #expect(viaFlag.status == 0, "\(viaFlag)")
    #expect(viaFlag.stdout.hasPrefix(usage + "\n"))
    #expect(viaFlag.stdout.contains("exit status: 0 clean, 1 a scene has errors, 2 usage error."))
    // `help COMMAND` and a `--help` after other (even wrong) arguments print the same text.
    #expect(try sandbox.run(["help", command]).stdout == viaFlag.stdout)
    #expect(try sandbox.run([command, "--bogus", "-h"]).stdout == viaFlag.stdout)
}

@Test func noArgumentsIsAUsageError() throws {
    let result = try Sandbox().run([])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "choreo: error: no command given\nusage: choreo <command> [options]\nSee 'choreo --help'.\n")
}

/// Each case: arguments, and a fragment the error message must contain. The sandbox holds a valid
/// `s.yaml`, an empty directory `empty/` and a directory `dir/` with a scene, so that only the
/// command line is at fault.
@Test(arguments: [
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["compil", "s.yaml"], "unknown command 'compil'; did you mean 'compile'?"),
    (["--verbose"], "unknown option '--verbose'"),
    (["compile"], "missing PATH"),
    (["compile", "s.yaml", "--emitt", "svg"], "unknown option '--emitt'; did you mean '--emit'?"),
    (["compile", "s.yaml", "--emit", "svg,png"], "invalid value 'png' for '--emit': expected lottie, dotlottie, svg, svg-reel, timeline, swift-api or ts-api"),
    (["compile", "s.yaml", "--emit="], "invalid value '' for '--emit'"),
    (["compile", "s.yaml", "-o"], "option '-o' needs a value"),
    (["compile", "s.yaml", "-o", "--pretty"], "option '-o' needs a value"),
    (["compile", "s.yaml", "-o", "a", "--output", "b"], "option '--output' is given more than once"),
    (["compile", "s.yaml", "--jobs", "0"], "invalid value '0' for '--jobs'"),
    (["compile", "s.yaml", "--jobs", "many"], "invalid value 'many' for '--jobs'"),
    (["compile", "s.yaml", "--pretty=yes"], "option '--pretty' takes no value"),
    (["compile", "missing.yaml"], "no such file or directory: 'missing.yaml'"),
    (["compile", "s.yaml", "missing.yaml"], "no such file or directory: 'missing.yaml'"),
    (["compile", "empty"], "no scene files (*.yaml, *.yml) in directory 'empty'"),
    (["lint"], "missing PATH"),
    (["lint", "s.yaml", "--format", "xml"], "invalid value 'xml' for '--format': expected text, json, github or sarif"),
    (["lint", "s.yaml", "--strict=1"], "option '--strict' takes no value"),
    (["lint", "nope"], "no such file or directory: 'nope'"),
    (["snapshot", "-o", "x.svg", "--at", "0s"], "missing FILE"),
    (["snapshot", "s.yaml", "-o", "x.svg"], "missing --at TIME or --state NAME"),
    (["snapshot", "s.yaml", "--at", "1s", "--state", "on", "-o", "x.svg"], "'--at' and '--state' cannot be used together"),
    (["snapshot", "s.yaml", "--at", "0.5", "-o", "x.svg"], "invalid value '0.5' for '--at': expected a time such as 0.6s, 600ms or 36f"),
    (["snapshot", "s.yaml", "--at", "45deg", "-o", "x.svg"], "invalid value '45deg' for '--at'"),
    // Negative values are values, not options ("needs a value" before).
    (["snapshot", "s.yaml", "--at", "-1s", "-o", "x.svg"], "invalid value '-1s' for '--at': expected a time of at least 0s"),
    (["compile", "s.yaml", "--jobs", "-5"], "invalid value '-5' for '--jobs': expected a whole number of at least 1"),
    (["snapshot", "s.yaml", "--at", "1e3s", "-o", "x.svg"], "invalid value '1e3s' for '--at'"),
    (["snapshot", "s.yaml", "--at", "1s"], "missing -o OUT.svg"),
    (["snapshot", "s.yaml", "s.yaml", "--at", "1s", "-o", "x.svg"], "unexpected argument 's.yaml'"),
    (["snapshot", "dir", "--at", "0s", "-o", "x.svg"], "'dir' is a directory; this command takes one scene file"),
    (["preview", "s.yaml"], "missing -o DIR"),
    (["preview", "gone.yaml", "-o", "out"], "no such file or directory: 'gone.yaml'"),
])
func usageErrorsExitWithTwoAndExplain(arguments: [String], fragment: String) throws {
    let sandbox = try Sandbox()
    try sandbox.write("s.yaml", Scenes.dot)
    try sandbox.write("dir/d.yaml", Scenes.dot)
    try sandbox.mkdir("empty")
    let result = try sandbox.run(arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("choreo: error: "), "\(result)")
    #expect(result.stderr.contains(fragment), "\(result)")
    #expect(result.stderr.contains("\nusage: choreo "), "\(result)")
    // A usage error never writes anything.
    #expect(!sandbox.exists("build") && !sandbox.exists("x.svg") && !sandbox.exists("out"))
}

@Test func optionsMayComeBeforePathsAndUseEqualsSigns() throws {
    let sandbox = try Sandbox()
    try sandbox.write("s.yaml", Scenes.broken)
    // Whatever the scene's fate, these parse: the exit is 0 or 1, never 2.
    for arguments in [
        ["compile", "--emit=svg", "--output=out", "--jobs=2", "s.yaml"],
        ["compile", "-j", "1", "--pretty", "--", "s.yaml"],
        ["lint", "--format=json", "--strict", "s.yaml"],
    ] {
        let result = try sandbox.run(arguments)
        #expect(result.status != 2, "\(arguments): \(result)")
    }
}
