/**
 * Every Mantine component's styles and the toasts' (Notifications): the screens beyond the login
 * screen use any of them. A chunk of its own, loaded by loadAllStyles() (./loadAllStyles.ts)
 * before such a screen draws; the login screen's share came with the entry (./loginScreen.ts),
 * and its rules come again here in Mantine's order, in the same layer, so nothing changes for it.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
