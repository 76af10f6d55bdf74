module {
}
}
