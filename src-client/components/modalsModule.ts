/** Mantine's dialogs with their styles: loaded together, after the first picture (ModalsHost). */
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';

export * from '@mantine/modals';
