// Screens see only ScreenKit: `NumberText` comes to them through it, from NumberWords, the
// one place that spells numbers for the screens and for TriviaData's messages alike.
@_exported import NumberWords
