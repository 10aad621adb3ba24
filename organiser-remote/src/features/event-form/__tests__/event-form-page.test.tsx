import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createAlbum,
  createEvent,
  deleteAlbum,
  getEvent,
  listAlbums,
  updateAlbum,
  updateEvent,
  useAuthStore,
  type Album,
} from '@momentos/api-client';
import EventFormPage from '../event-form-page';
import { fakeToken, renderAt } from '../../../test-support/render';

jest.mock('@momentos/api-client', () => ({
  ...jest.requireActual('@momentos/api-client'),
  getEvent: jest.fn(),
  createEvent: jest.fn(),
  updateEvent: jest.fn(),
  listAlbums: jest.fn(),
  createAlbum: jest.fn(),
  updateAlbum: jest.fn(),
  deleteAlbum: jest.fn(),
}));

const m = {
  getEvent: getEvent as jest.MockedFunction<typeof getEvent>,
  createEvent: createEvent as jest.MockedFunction<typeof createEvent>,
  updateEvent: updateEvent as jest.MockedFunction<typeof updateEvent>,
  listAlbums: listAlbums as jest.MockedFunction<typeof listAlbums>,
  createAlbum: createAlbum as jest.MockedFunction<typeof createAlbum>,
  updateAlbum: updateAlbum as jest.MockedFunction<typeof updateAlbum>,
  deleteAlbum: deleteAlbum as jest.MockedFunction<typeof deleteAlbum>,
};

const event = { id: 'e1', code: 'ABC', name: 'Casamento', date: '2030-05-04 18:30', location: 'Recife', contact: 'ana@example.com', image: null };
const albums: Album[] = [
  { id: 'a1', album_name: 'Cerimônia', album_description: 'Fotos da cerimônia', is_public: true, is_available: false },
];

const renderCreate = () => renderAt('/events/register', '/events/register', <EventFormPage />);
const renderEdit = () => renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
const location = () => screen.getByTestId('location').textContent;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  useAuthStore.setState({ token: fakeToken() });
  m.getEvent.mockResolvedValue({ status: 200, data: [event] });
  m.listAlbums.mockResolvedValue({ status: 200, data: albums });
});

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nome do evento'), 'Aniversário');
  await user.type(screen.getByLabelText('Data'), '2030-01-02');
  await user.type(screen.getByLabelText('Horário'), '09:05');
  await user.type(screen.getByLabelText('Local'), 'Salão');
  await user.type(screen.getByLabelText('E-mail do contratante'), 'bia@example.com');
}

describe('event form: create', () => {
  it("shows the tabs ('Álbuns' disabled), the round preview placeholder, the hint and 'Cadastrar'", () => {
    renderCreate();
    expect(screen.getByRole('tab', { name: 'Dados gerais' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Álbuns' })).toBeDisabled();
    expect(screen.getByText('Tamanho máx: 5MB')).toBeInTheDocument();
    expect(screen.getByLabelText('Imagem do evento')).toHaveAccessibleDescription('Tamanho máx: 5MB');
    expect(screen.getByRole('button', { name: 'Cadastrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks the required fields and the e-mail type without sending', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    for (const label of ['Nome do evento', 'Data', 'Horário', 'Local', 'E-mail do contratante']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Campo obrigatório.');
    }
    await user.type(screen.getByLabelText('E-mail do contratante'), 'sem-arroba');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByLabelText('E-mail do contratante')).toHaveAccessibleDescription('Informe um e-mail válido.');
    expect(m.createEvent).not.toHaveBeenCalled();
  });

  it('refuses an image larger than 5 MB before sending', async () => {
    const user = userEvent.setup();
    renderCreate();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Imagem do evento'), big);
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem escolhida tem 5,0 MB. Escolha uma imagem de até 5 MB.');
    await fillForm(user);
    m.createEvent.mockResolvedValue({ status: 201, data: { ...event, id: 'new' } });
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    // The refused image is never sent.
    expect(m.createEvent).toHaveBeenCalledWith(expect.objectContaining({ image: null }));
  });

  it('sends date and time joined, shows the success dialog and goes to /events after 2 s', async () => {
    let finish: (value: Awaited<ReturnType<typeof createEvent>>) => void = () => undefined;
    m.createEvent.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);
    const image = new File(['img'], 'foto.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Imagem do evento'), image);
    expect(screen.getByRole('img', { name: 'Prévia da imagem do evento' })).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByRole('status', { name: 'Salvando…' })).toBeInTheDocument();
    expect(m.createEvent).toHaveBeenCalledWith({
      name: 'Aniversário',
      date: '2030-01-02 09:05',
      location: 'Salão',
      contact: 'bia@example.com',
      image,
    });
    finish({ status: 201, data: { ...event, id: 'new' } });
    const dialog = await screen.findByRole('dialog', { name: 'Evento cadastrado com sucesso' });
    expect(within(dialog).getByText('O evento foi cadastrado com sucesso e agora está disponível.')).toBeInTheDocument();
    expect(location()).toBe('/events/register');
    await waitFor(() => expect(location()).toBe('/events'), { timeout: 3000 });
  });

  it('shows the error dialog when the save fails', async () => {
    m.createEvent.mockResolvedValue({ status: 400, data: {} as never, message: 'x' });
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Um erro inesperado ocorreu. Se persistir, contate o suporte.');
    expect(alert.closest('.mk-feedback')).toHaveClass('mk-feedback--error');
  });
});

describe('event form: edit', () => {
  it('shows skeletons while the event loads, then the prefilled fields and Atualizar', async () => {
    let finish: (value: Awaited<ReturnType<typeof getEvent>>) => void = () => undefined;
    m.getEvent.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderEdit();
    expect(screen.getByRole('status', { name: 'Carregando evento…' })).toHaveAttribute('aria-busy', 'true');
    finish({ status: 200, data: [event] });
    expect(await screen.findByLabelText('Nome do evento')).toHaveValue('Casamento');
    expect(screen.getByLabelText('Data')).toHaveValue('2030-05-04');
    expect(screen.getByLabelText('Horário')).toHaveValue('18:30');
    expect(screen.getByLabelText('Local')).toHaveValue('Recife');
    expect(screen.getByLabelText('E-mail do contratante')).toHaveValue('ana@example.com');
    expect(screen.getByRole('tab', { name: 'Álbuns' })).toBeEnabled();
    expect(m.getEvent).toHaveBeenCalledWith('e1');
  });

  it("'Atualizar' saves and shows the update dialog", async () => {
    m.updateEvent.mockResolvedValue({ status: 200, data: null });
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Atualizar' }));
    expect(m.updateEvent).toHaveBeenCalledWith('e1', expect.objectContaining({ date: '2030-05-04 18:30', image: null }));
    const dialog = await screen.findByRole('dialog', { name: 'Evento atualizado com sucesso' });
    expect(within(dialog).getByText('As alterações no evento foram realizadas com sucesso.')).toBeInTheDocument();
  });
});

describe('albums tab', () => {
  async function openAlbums() {
    const user = userEvent.setup();
    renderEdit();
    await user.click(await screen.findByRole('tab', { name: 'Álbuns' }));
    return user;
  }

  it('shows a skeleton of three, then 100×100 tiles and the dashed Novo tile', async () => {
    let finish: (value: Awaited<ReturnType<typeof listAlbums>>) => void = () => undefined;
    m.listAlbums.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await openAlbums();
    expect(screen.getAllByTestId('album-skeleton')).toHaveLength(3);
    finish({ status: 200, data: albums });
    expect(await screen.findByRole('button', { name: 'Cerimônia' })).toHaveClass('album-tile');
    const grid = screen.getByRole('list', { name: 'Álbuns do evento' });
    expect(within(grid).getByRole('button', { name: 'Novo' })).toHaveClass('album-tile--new');
  });

  it('creates an album with every field and toggle, reloads and shows the success dialog', async () => {
    m.createAlbum.mockResolvedValue({ status: 201, data: albums[0] });
    const user = await openAlbums();
    const grid = await screen.findByRole('list', { name: 'Álbuns do evento' });
    await user.click(within(grid).getByRole('button', { name: 'Novo' }));
    const modal = screen.getByRole('dialog', { name: 'Novo álbum' });
    expect(within(modal).getByRole('button', { name: 'Fechar modal' })).toBeInTheDocument();
    expect(within(modal).getByRole('switch', { name: 'Álbum público?' })).not.toBeChecked();
    expect(within(modal).getByRole('switch', { name: 'Disponível para upload?' })).not.toBeChecked();
    await user.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(within(modal).getByLabelText('* Nome do álbum')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(within(modal).getByLabelText('* Descrição')).toHaveAccessibleDescription('Campo obrigatório.');
    expect(m.createAlbum).not.toHaveBeenCalled();

    await user.type(within(modal).getByLabelText('* Nome do álbum'), 'Festa');
    await user.type(within(modal).getByLabelText('* Descrição'), 'Fotos da festa');
    await user.click(within(modal).getByRole('switch', { name: 'Álbum público?' }));
    await user.click(within(modal).getByRole('switch', { name: 'Disponível para upload?' }));
    await user.click(within(modal).getByRole('button', { name: 'Adicionar' }));
    expect(m.createAlbum).toHaveBeenCalledWith('e1', { name: 'Festa', description: 'Fotos da festa', is_public: true, is_available: true });
    const feedback = await screen.findByRole('dialog', { name: 'Álbum cadastrado com sucesso' });
    expect(within(feedback).getByText('O álbum foi cadastrado com sucesso e agora está disponível.')).toBeInTheDocument();
    expect(m.listAlbums).toHaveBeenCalledTimes(2);
  });

  it('edits a prefilled album', async () => {
    m.updateAlbum.mockResolvedValue({ status: 200, data: albums[0] });
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    const modal = screen.getByRole('dialog', { name: 'Editar álbum' });
    expect(within(modal).getByLabelText('* Nome do álbum')).toHaveValue('Cerimônia');
    expect(within(modal).getByLabelText('* Descrição')).toHaveValue('Fotos da cerimônia');
    expect(within(modal).getByRole('switch', { name: 'Álbum público?' })).toBeChecked();
    expect(within(modal).getByRole('switch', { name: 'Disponível para upload?' })).not.toBeChecked();
    await user.clear(within(modal).getByLabelText('* Nome do álbum'));
    await user.type(within(modal).getByLabelText('* Nome do álbum'), 'Igreja');
    await user.click(within(modal).getByRole('button', { name: 'Editar' }));
    expect(m.updateAlbum).toHaveBeenCalledWith('a1', { name: 'Igreja', description: 'Fotos da cerimônia', is_public: true, is_available: false });
    expect(await screen.findByRole('dialog', { name: 'Álbum atualizado com sucesso' })).toBeInTheDocument();
  });

  it("deletes with a spinner on 'Excluir', reloads and shows the success dialog", async () => {
    let finish: (value: Awaited<ReturnType<typeof deleteAlbum>>) => void = () => undefined;
    m.deleteAlbum.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(screen.getByRole('status', { name: 'Excluindo…' })).toBeInTheDocument();
    finish({ status: 200, data: { status: 200, message: '' } });
    const feedback = await screen.findByRole('dialog', { name: 'Álbum excluído' });
    expect(within(feedback).getByText('O álbum foi excluído com sucesso e agora ele não está mais disponível.')).toBeInTheDocument();
    expect(m.listAlbums).toHaveBeenCalledTimes(2);
  });

  it('a failure closes the modal and shows the red error dialog', async () => {
    m.updateAlbum.mockResolvedValue({ status: 500, data: {} as Album, message: 'x' });
    const user = await openAlbums();
    await user.click(await screen.findByRole('button', { name: 'Cerimônia' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Editar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Um erro inesperado ocorreu. Se persistir, contate o suporte.');
    expect(alert).toHaveClass('mk-feedback--error');
    expect(screen.queryByRole('dialog', { name: 'Editar álbum' })).not.toBeInTheDocument();
  });
});
